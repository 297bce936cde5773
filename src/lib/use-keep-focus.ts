import { useCallback, type RefCallback } from 'react';

/**
 * Keeps the keyboard's focus in a list whose items come and go as its data changes (a site fixed
 * drops out of a list of problems, its button becomes "Done"): when the element that had focus
 * inside `box` leaves the page and nothing else took the focus, focus goes to
 * 1. the same item's control of the same kind (`data-focus-control`), when the item is still there;
 * 2. else its first link or button;
 * 3. else the item now in its place (or the last one), its first link or button;
 * 4. else the heading of the section around the list.
 * Items are the elements with `data-focus-item` (its value names the item). Returns the ref for
 * the list's box.
 */
export function useKeepFocus(): RefCallback<HTMLElement> {
  return useCallback((node: HTMLElement | null) => {
    if (!node) return;
    let last: { element: HTMLElement; item: string | undefined; index: number; control: string | undefined } | null =
      null;
    const items = () => [...node.querySelectorAll<HTMLElement>('[data-focus-item]')];
    const first = (item: HTMLElement | undefined) => item?.querySelector<HTMLElement>('a[href], button');

    const onIn = (event: FocusEvent) => {
      const element = event.target as HTMLElement;
      const item = element.closest<HTMLElement>('[data-focus-item]');
      last = {
        element,
        item: item?.dataset.focusItem,
        index: item ? items().indexOf(item) : -1,
        control: element.closest<HTMLElement>('[data-focus-control]')?.dataset.focusControl,
      };
    };
    const onOut = (event: FocusEvent) => {
      const to = event.relatedTarget as Node | null;
      if (to !== null) {
        if (!node.contains(to)) last = null;
        return;
      }
      // Nowhere: the element was taken out (kept, to be replaced), or the user left it for nothing.
      const was = event.target as HTMLElement;
      setTimeout(() => {
        if (was.isConnected && last?.element === was) last = null;
      });
    };
    const restore = () => {
      if (last === null || last.element.isConnected) return;
      const lost = last;
      last = null;
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      const all = items();
      const same = all.find((item) => item.dataset.focusItem === lost.item);
      const control = lost.control
        ? same?.querySelector<HTMLElement>(`[data-focus-control="${CSS.escape(lost.control)}"]`)
        : null;
      const target =
        control ??
        first(same) ??
        (all.length > 0 ? first(all[Math.min(Math.max(lost.index, 0), all.length - 1)]) : null);
      if (target) return target.focus();
      const heading = node.closest('section')?.querySelector<HTMLElement>('h2, h3');
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    };
    // After React's commit (a microtask later): the whole change is in the page.
    const observer = new MutationObserver(restore);
    observer.observe(node, { childList: true, subtree: true });
    node.addEventListener('focusin', onIn);
    node.addEventListener('focusout', onOut);
    return () => {
      observer.disconnect();
      node.removeEventListener('focusin', onIn);
      node.removeEventListener('focusout', onOut);
    };
  }, []);
}
