import { startTransition, useEffect, useState } from 'react';

/**
 * False in the render that first shows a page's data (`ready`: the data is there), then true in a
 * transition right after it, which React renders in slices between frames: what a page renders
 * behind it (what lies under its first screen) costs the task that shows the page nothing, and no
 * single task holds the main thread for the whole page (on a slow phone the site page's first
 * render was one task of about 200 ms, and the browser's layout of it another of 160). Once true,
 * it stays so.
 */
export function useShownAfterFirst(ready = true): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (ready && !shown) startTransition(() => setShown(true));
  }, [ready, shown]);
  return shown;
}
