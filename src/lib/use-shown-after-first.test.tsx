import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShownAfterFirst } from './use-shown-after-first';

/** What each render saw. */
function Page({ ready, seen }: { ready?: boolean; seen: boolean[] }) {
  const shown = useShownAfterFirst(ready);
  seen.push(shown);
  return shown ? <p>lower part</p> : null;
}

describe('useShownAfterFirst', () => {
  it('is false in the first render and true in the one right after it', async () => {
    const seen: boolean[] = [];
    const { findByText } = render(<Page seen={seen} />);
    expect(seen[0]).toBe(false);
    await findByText('lower part');
    expect(seen.at(-1)).toBe(true);
  });

  it('waits for the data: false while not ready, true a render after it is', async () => {
    const seen: boolean[] = [];
    const { rerender, findByText, queryByText } = render(<Page ready={false} seen={seen} />);
    // The transition it would start has had its chance: nothing shows while the data is not there.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryByText('lower part')).toBeNull();
    expect(seen.every((s) => !s)).toBe(true);
    const before = seen.length;
    rerender(<Page ready seen={seen} />);
    expect(seen[before]).toBe(false);
    await findByText('lower part');
    // Once shown, it stays so when the data goes (a refetch).
    rerender(<Page ready={false} seen={seen} />);
    await waitFor(() => expect(seen.at(-1)).toBe(true));
  });
});
