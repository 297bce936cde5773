import { useRouter, type NavigateOptions } from '@tanstack/react-router';
import { useEffect, useRef, type ComponentProps } from 'react';

type PlainLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** The address as the router would build it (shown on hover, opened in a new tab). */
  href: string;
  /** Where the router goes on a plain click, and the page it preloads when the pointer rests on the link. */
  to: NavigateOptions;
};

/** As the router's own links wait before preloading a page the pointer rests on (defaultPreloadDelay). */
const PRELOAD_DELAY_MS = 50;

/**
 * An in-app link for the rows of a table: an `<a href>` that the router
 * follows on a plain click (a click with a modifier key or the middle button
 * does what the browser does), and whose page it preloads when the pointer
 * rests on it, as the router's Link does. Unlike Link it does not follow the
 * router's state: a Link renders again at every change of the address (a sort,
 * a filter) and builds its location each time, in every row of the table.
 */
export function PlainLink({ href, to, onClick, onMouseEnter, onMouseLeave, onTouchStart, ...props }: PlainLinkProps) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (event.defaultPrevented || event.button !== 0 || modified || props.target) return;
        event.preventDefault();
        void router.navigate(to);
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          // A page that cannot be preloaded is loaded on the click, and says why there.
          router.preloadRoute(to).catch(() => undefined);
        }, PRELOAD_DELAY_MS);
      }}
      onMouseLeave={(event) => {
        onMouseLeave?.(event);
        clearTimeout(timer.current);
      }}
      // A touch is an intent at once, as it is for the router's Link.
      onTouchStart={(event) => {
        onTouchStart?.(event);
        router.preloadRoute(to).catch(() => undefined);
      }}
    />
  );
}
