import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './use-selection';

const LIST = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example'];

describe('useSelection', () => {
  it('toggles one site, then a range with shift that takes the state of its anchor', () => {
    const { result } = renderHook(() => useSelection(LIST));
    act(() => result.current.toggle(1, false));
    expect(result.current.domains).toEqual(['b.example']);
    act(() => result.current.toggle(3, true));
    expect(result.current.domains).toEqual(['b.example', 'c.example', 'd.example']);
    // Upwards from the new anchor, with the anchor selected: the range is selected too.
    act(() => result.current.toggle(0, true));
    expect(result.current.domains).toEqual(['a.example', 'b.example', 'c.example', 'd.example']);
    // An unselected anchor clears its range.
    act(() => result.current.toggle(4, false));
    act(() => result.current.toggle(4, false));
    act(() => result.current.toggle(2, true));
    expect(result.current.domains).toEqual(['a.example', 'b.example']);
  });

  it('shift without an anchor toggles one site; select all takes the whole view; clear empties it', () => {
    const { result } = renderHook(() => useSelection(LIST));
    act(() => result.current.toggle(2, true));
    expect(result.current.domains).toEqual(['c.example']);
    act(() => result.current.selectAll());
    expect(result.current.domains).toEqual(LIST);
    act(() => result.current.clear());
    expect(result.current.domains).toEqual([]);
  });

  it('counts only the sites the view still shows (a deleted or filtered-out site is not sent)', () => {
    const { result, rerender } = renderHook(({ list }) => useSelection(list), { initialProps: { list: LIST } });
    act(() => result.current.selectAll());
    rerender({ list: ['a.example', 'e.example'] });
    expect(result.current.domains).toEqual(['a.example', 'e.example']);
  });

  it('over a partial list (the read model’s windows): toggles the rows loaded, select all takes every matching site', async () => {
    const loaded = new Map([
      [0, 'a.example'],
      [1, 'b.example'],
    ]);
    const everyMatching = [...LIST, 'f.example'];
    const list = { at: (i: number) => loaded.get(i), all: () => Promise.resolve(everyMatching) };
    const { result } = renderHook(() => useSelection(list));
    act(() => result.current.toggle(1, false));
    // A place whose window is not loaded selects nothing.
    act(() => result.current.toggle(7, false));
    expect(result.current.domains).toEqual(['b.example']);
    await act(() => result.current.selectAll() ?? Promise.resolve());
    expect(result.current.domains).toEqual(expect.arrayContaining(everyMatching));
    expect(result.current.domains).toHaveLength(everyMatching.length);
  });
});
