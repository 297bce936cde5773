/**
 * Stands in for `react-remove-scroll` under Radix (vite.config.ts and
 * vitest.config.ts alias it). The original hides the page's scroll bar with a
 * <style> element, which our CSP (`style-src 'self'`) refuses: every modal
 * Radix part (dialog overlay, select, modal menu, popover) would log a CSP
 * violation and lock nothing. This one locks the page through the CSSOM
 * (allowed by the CSP) while any locking part is mounted, and keeps the layout
 * from shifting by padding for the scroll bar it hides. Radix passes `as`
 * (its Slot), `allowPinchZoom` and `shards`; the last two only tune the
 * original's wheel and touch filtering, which overflow: hidden makes moot.
 */
import { useEffect, type ElementType, type ReactNode } from 'react';

interface RemoveScrollProps {
  as?: ElementType;
  enabled?: boolean;
  allowPinchZoom?: boolean;
  shards?: unknown[];
  children?: ReactNode;
  [prop: string]: unknown;
}

let locks = 0;
let restore: (() => void) | null = null;

function lockPage(): () => void {
  if (locks++ === 0) {
    const root = document.documentElement;
    const gap = window.innerWidth - root.clientWidth;
    const { overflow, paddingRight } = root.style;
    root.style.overflow = 'hidden';
    if (gap > 0) root.style.paddingRight = `${gap}px`;
    restore = () => {
      root.style.overflow = overflow;
      root.style.paddingRight = paddingRight;
    };
  }
  return () => {
    if (--locks === 0) {
      restore?.();
      restore = null;
    }
  };
}

export function RemoveScroll({
  as: Component = 'div',
  enabled = true,
  allowPinchZoom: _pinch,
  shards: _shards,
  children,
  ...rest
}: RemoveScrollProps) {
  useEffect(() => (enabled ? lockPage() : undefined), [enabled]);
  return <Component {...rest}>{children}</Component>;
}
