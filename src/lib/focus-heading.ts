/**
 * Puts the keyboard's focus on a page's heading (its first `h1` within `root`), made focusable
 * by script only: where a reader lands after a navigation, or when the control they used is gone.
 * Returns whether there was one.
 */
export function focusHeading(root: ParentNode | null | undefined, options?: FocusOptions): boolean {
  const heading = root?.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus(options);
  return true;
}
