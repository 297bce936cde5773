import { useEffect, useRef } from 'react';

/**
 * Keeps the reader's place when a block above it changes height (a scan
 * report arriving in the background, a progress bar going): when the whole
 * block was above the viewport, the page scrolls by as much as it grew or
 * shrank, before the next paint. Browsers' own scroll anchoring does not
 * cover our pages (a table in a sideways-scrolling region below), so it is
 * turned off where this is used (`[overflow-anchor:none]`) lest both act.
 */
export function useKeepPlace<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Its first height from the observer's first report, made once the page is laid out: read here, it
    // would lay the new page out inside the task that rendered it (a sync render runs these effects at once).
    let height: number | null = null;
    const observer = new ResizeObserver(() => {
      const rect = el.getBoundingClientRect();
      const delta = height === null ? 0 : rect.height - height;
      height = rect.height;
      // Its top has not moved: before the change its bottom was at rect.bottom - delta.
      if (delta !== 0 && rect.bottom - delta <= 0) window.scrollBy(0, delta);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return ref;
}
