import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_COMMIT_MS, useSearchDraft } from './use-search-draft';

describe('useSearchDraft', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows typing at once and sends the text to the URL once typing pauses', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => useSearchDraft('', commit));
    act(() => result.current.change('a'));
    act(() => result.current.change('al'));
    act(() => result.current.change('alp'));
    expect(result.current.draft).toBe('alp');
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SEARCH_COMMIT_MS));
    expect(commit).toHaveBeenCalledExactlyOnceWith('alp');
  });

  it('takes a URL changed elsewhere (Back, a link), but not the URL catching up with what was typed', () => {
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ url }) => useSearchDraft(url, commit), {
      initialProps: { url: 'old' },
    });
    act(() => result.current.change('new'));
    act(() => vi.advanceTimersByTime(SEARCH_COMMIT_MS));
    act(() => result.current.change('newer'));
    // The URL catches up with the first commit while the user types on: the box keeps the text.
    rerender({ url: 'new' });
    expect(result.current.draft).toBe('newer');
    // Back to an earlier URL: the box shows it.
    rerender({ url: 'old' });
    expect(result.current.draft).toBe('old');
  });

  it('sends at once when asked, and reset empties the box without sending', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => useSearchDraft('', commit));
    act(() => result.current.change('shop', { now: true }));
    expect(commit).toHaveBeenCalledExactlyOnceWith('shop');
    act(() => result.current.change('shop.ex'));
    act(() => result.current.reset(''));
    act(() => vi.advanceTimersByTime(SEARCH_COMMIT_MS * 2));
    expect(result.current.draft).toBe('');
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
