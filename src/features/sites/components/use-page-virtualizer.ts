/**
 * The sites table's rows virtualised over the page's own scroll (no scrolling
 * box inside the scrolling page). Embedded in a panel, the frame is as tall as
 * its content and the panel's window shows a band of it: the rows rendered
 * are that band's (src/lib/embed-viewport.ts), not the whole frame's.
 */
import { observeWindowOffset, observeWindowRect, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';
import { isEmbedded } from '../../../lib/embed-mode';
import { hostViewport } from '../../../lib/embed-viewport';

interface Options {
  count: number;
  estimateSize: () => number;
  rangeExtractor: (range: Range) => number[];
  /** The table's box: the rows start below its head (that distance from the page's top is the list's offset). */
  listRef: RefObject<HTMLElement | null>;
  headRef: RefObject<HTMLElement | null>;
}

type WindowVirtualizerOptions = Parameters<typeof useWindowVirtualizer<HTMLTableSectionElement>>[0];

/** In a panel's frame, once it has said what it shows: the band as the window. */
const bandRect: WindowVirtualizerOptions['observeElementRect'] = (instance, cb) => {
  const stopWindow = observeWindowRect(instance, (rect) =>
    cb({ ...rect, height: hostViewport.get()?.height ?? rect.height }),
  );
  const stopBand = hostViewport.listen((band) => {
    if (band) cb({ width: window.innerWidth, height: band.height });
  });
  return () => {
    stopWindow?.();
    stopBand();
  };
};
const bandOffset: WindowVirtualizerOptions['observeElementOffset'] = (instance, cb) => {
  const stopWindow = observeWindowOffset(instance, (offset, scrolling) =>
    cb(hostViewport.get()?.top ?? offset, scrolling),
  );
  const stopBand = hostViewport.listen((band) => {
    if (band) cb(band.top, false);
  });
  return () => {
    stopWindow?.();
    stopBand();
  };
};

export function usePageVirtualizer({ count, estimateSize, rangeExtractor, listRef, headRef }: Options) {
  const [margin, setMargin] = useState(0);
  // Where the list starts on the page: above it, the title, toolbar and any bar over the table.
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    // Not the head's own box: it sticks to the window's top once scrolled past.
    const measure = () =>
      setMargin(
        Math.round(
          element.getBoundingClientRect().top +
            window.scrollY +
            element.clientTop +
            (headRef.current?.offsetHeight ?? 0),
        ),
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [listRef, headRef]);
  const embedded = isEmbedded();
  // The virtualiser re-renders its component itself; nothing here memoises its functions.
  return useWindowVirtualizer<HTMLTableSectionElement>({
    count,
    estimateSize,
    overscan: 6,
    scrollMargin: margin,
    rangeExtractor,
    ...(embedded ? { observeElementRect: bandRect, observeElementOffset: bandOffset } : {}),
  });
}
