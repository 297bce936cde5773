/**
 * The keyboard inside the sites table: one Tab stop per row (the row itself,
 * a roving tabindex over the rows in sites-table.tsx); the row's controls are
 * reached with the arrow keys (Right from the row or a control to the next,
 * Left to the previous, back to the row from the first; Escape back to the
 * row). Going back from a site's page puts the focus on its row again.
 */
import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'input, button, select, a[href], [tabindex]:not(tr)';

/** The row's controls, in reading order, that can take the focus now. */
function rowControls(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.matches(':disabled') && el.getClientRects().length > 0 && !el.closest('.sr-only'),
  );
}

/** Takes the row's controls out of the Tab order after every render of the row (they are reached by arrows). */
export function useNoTabStops(row: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    row.current?.querySelectorAll<HTMLElement>(FOCUSABLE).forEach((el) => {
      if (el.tabIndex !== -1) el.tabIndex = -1;
    });
  });
}

/**
 * Left, Right and Escape in a row (on the row or one of its controls);
 * true when the key was the row's. Up and Down stay the controls' own
 * (a select's choice, a menu's opening).
 */
export function moveInRow(e: KeyboardEvent<HTMLTableRowElement>): boolean {
  const row = e.currentTarget;
  const target = e.target as HTMLElement;
  const controls = rowControls(row);
  const at = target === row ? -1 : controls.indexOf(target);
  if (target !== row && at === -1) return false;
  let next: HTMLElement | undefined;
  if (e.key === 'ArrowRight') next = controls[at + 1];
  else if (e.key === 'ArrowLeft') next = at <= 0 ? (target === row ? undefined : row) : controls[at - 1];
  else if (e.key === 'Escape' && target !== row) next = row;
  if (!next) return false;
  e.preventDefault();
  next.focus();
  return true;
}

let opened: string | null = null;

/** The site whose page is being opened from the table: its row gets the focus when the table comes back. */
export function rememberOpened(domain: string): void {
  opened = domain;
}

/** The site opened from the table, once (null when none). */
export function takeOpened(): string | null {
  const domain = opened;
  opened = null;
  return domain;
}
