import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRowKeyBase } from './use-row-key-base';

interface View {
  rows: unknown;
  count: number;
  first: number;
  last: number;
  shown: number;
}

/** The keys of the rows from `from` to `to` under a base. */
const keys = (base: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i - base);

describe('useRowKeyBase', () => {
  const long = { rows: ['eighty sites'], count: 80, first: 35, last: 50, shown: 22 };
  const start = () =>
    renderHook((view: View) => useRowKeyBase(view.rows, view.count, view.first, view.last, view.shown), {
      initialProps: long,
    });

  it('keeps the base while the list scrolls', () => {
    const hook = start();
    expect(hook.result.current).toBe(0);
    hook.rerender({ ...long, first: 60, last: 75 });
    expect(hook.result.current).toBe(0);
    // A new list near where it was scrolled to (a sort that moves the view a row): the keys stay.
    hook.rerender({ ...long, rows: ['sorted'], first: 61, last: 76 });
    expect(hook.result.current).toBe(0);
  });

  it('gives a list of ten, far above, the keys of the rows that were in view', () => {
    const hook = start();
    const inView = keys(0, 35, 50);
    // The range already at the new list's top.
    hook.rerender({ rows: ['ten sites'], count: 10, first: 0, last: 9, shown: 10 });
    expect(keys(hook.result.current, 0, 9).every((key) => inView.includes(key))).toBe(true);
  });

  it('does so too when the range still reads the old scroll (the count and the rows in one render)', () => {
    const hook = start();
    const inView = keys(0, 35, 50);
    // At the old scroll the ten rows all end above the window: the range says the last one.
    hook.rerender({ rows: ['ten sites'], count: 10, first: 9, last: 9, shown: 4 });
    expect(keys(hook.result.current, 0, 9).every((key) => inView.includes(key))).toBe(true);
  });

  it('moves the base by as far as a long new list jumps, and not for a near one', () => {
    const hook = start();
    hook.rerender({ ...long, rows: ['sorted'], first: 36, last: 51 });
    expect(hook.result.current).toBe(0);
    hook.rerender({ ...long, rows: ['another sort'], first: 0, last: 15 });
    expect(hook.result.current).toBe(-36);
  });
});
