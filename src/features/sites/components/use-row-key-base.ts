/** The sites table's row keys (sites-table.tsx): stable while scrolling, reused across a new list. */
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * How far the new list's rows in view are from where the last ones were. A shorter list that ends
 * above the place in view: the page's scroll comes to rest at its end, with as many rows from it as
 * were in view. The range may not say so yet: until the new rows are drawn, the page keeps its old
 * height and scroll (on a busy machine the count and the rows come in one render).
 */
function jumpOf(was: { first: number; last: number }, first: number, count: number): number {
  return Math.min(first, Math.max(0, count - (was.last - was.first + 1))) - was.first;
}

/**
 * The rows' React keys are their index less this base. A scroll keeps it, so
 * a row keeps its key (and the focused row its DOM) while in view, as index
 * keys would. When a new list (a search, a filter, a sort) shows rows at
 * another place than the last render did, with none in common (scrolled far
 * down, a narrower list ends above), the base moves by as much: the rows in
 * view keep their components and take the new sites (an update), instead of
 * some twenty rows unmounting and mounting again at a keystroke.
 */
export function useRowKeyBase(rows: unknown, count: number, first: number, last: number, shown: number): number {
  const [keyed, setKeyed] = useState({ rows, base: 0 });
  // The rows in view as last committed (a scroll changes them without a new list).
  const committed = useRef({ first, last });
  useLayoutEffect(() => {
    committed.current = { first, last };
  });
  if (keyed.rows === rows) return keyed.base;
  // eslint-disable-next-line react-hooks/refs -- read once per new list: where React last committed the rows
  const jump = jumpOf(committed.current, first, count);
  const base = Math.abs(jump) >= shown ? keyed.base + jump : keyed.base;
  setKeyed({ rows, base });
  return base;
}
