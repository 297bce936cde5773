import { useLayoutEffect, useState, type RefObject } from 'react';

const asIs = (width: number) => width;

/**
 * The width of an element, followed as it changes (a panel iframe resized, the sidebar shown);
 * null before it is laid out. With `of`, what is kept is `of(width)`: a change of width that
 * leaves it the same renders nothing again (`of` should be stable, e.g. from useCallback).
 * `known`: the width already measured by whoever renders the element (the first render then has
 * it, and the element's own measure renders again only when it differs).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | null;
export function useElementWidth<T>(
  ref: RefObject<HTMLElement | null>,
  of: (width: number) => T,
  known?: number | null,
): T | null;
export function useElementWidth<T>(
  ref: RefObject<HTMLElement | null>,
  of: (width: number) => T = asIs as (width: number) => T,
  known: number | null = null,
): T | null {
  const [kept, setKept] = useState<T | null>(() => (known === null ? null : of(known)));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setKept(of(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setKept(of(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, of]);
  return kept;
}
