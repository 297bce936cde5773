import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useElementWidth } from './use-element-width';

/** What each render of a chart's panel saw: the labels' step its width gives (one label every `step` px). */
const step = (width: number) => Math.ceil(width / 100);

function Panel({ known, seen }: { known?: number | null; seen: (number | null)[] }) {
  const ref = useRef<HTMLDivElement>(null);
  seen.push(useElementWidth(ref, step, known));
  return <div ref={ref} />;
}

/** jsdom lays nothing out: the panel is given the width a browser would measure. */
function layOut(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 100));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useElementWidth with the width already measured', () => {
  it('has it at the first render and renders once when the element measures the same', () => {
    layOut(990);
    const seen: (number | null)[] = [];
    render(<Panel known={990} seen={seen} />);
    expect(seen).toEqual([10]);
  });

  it('renders again when the element measures otherwise', () => {
    layOut(990);
    const seen: (number | null)[] = [];
    render(<Panel known={640} seen={seen} />);
    expect(seen).toEqual([7, 10]);
  });

  it('without it, knows nothing at first and renders again once measured', () => {
    layOut(990);
    const seen: (number | null)[] = [];
    render(<Panel seen={seen} />);
    expect(seen).toEqual([null, 10]);
  });
});
