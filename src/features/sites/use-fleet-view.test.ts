import { describe, expect, it } from 'vitest';
import { windowsFor } from './use-fleet-view';

describe('windowsFor', () => {
  it('asks for the windows of the rows in view and a little around, never past the view’s end', () => {
    expect(windowsFor(0, 20, null)).toEqual([0]);
    expect(windowsFor(90, 110, null)).toEqual([0, 1]);
    expect(windowsFor(250, 260, 10_000)).toEqual([2]);
    // Scrolled where a shorter new view has no rows: its last window.
    expect(windowsFor(5_000, 5_020, 120)).toEqual([0, 1]);
    expect(windowsFor(0, 0, 0)).toEqual([0]);
  });
});
