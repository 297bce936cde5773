/**
 * The demo banner: a demo account of one's own says so, and when it resets, in
 * English and in German; any other session shows nothing.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocaleSetting, startLocaleSync } from '../../i18n/locale';
import { DemoBanner } from './demo-banner';

describe('DemoBanner', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    setLocaleSetting(undefined);
    stop?.();
    localStorage.clear();
  });

  it('says it is a demo of your own and when it resets, in English and German', async () => {
    const resetsAt = new Date();
    resetsAt.setHours(23, 45, 0, 0);
    const { rerender } = render(<DemoBanner resetsAt={Math.floor(resetsAt.getTime() / 1000)} />);
    const banner = screen.getByRole('note');
    expect(banner).toHaveTextContent(/^This is a demo account of your own\. Change anything: nobody else sees it\./);
    expect(banner).toHaveTextContent(/At 11:45\s?PM it resets: everything you changed is removed/);

    stop = startLocaleSync();
    setLocaleSetting('de');
    rerender(<DemoBanner resetsAt={Math.floor(resetsAt.getTime() / 1000)} />);
    expect(await screen.findByText(/Dies ist ein eigenes Demokonto/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/Um 23:45 wird es zurückgesetzt/);
  });

  it('shows nothing for another session', () => {
    render(<DemoBanner resetsAt={undefined} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
