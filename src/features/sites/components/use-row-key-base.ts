/** The sites table's row keys (sites-table.tsx): stable while scrolling, reused across a new list. */
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The rows' React keys are their index less this base. A scroll keeps it, so
 * a row keeps its key (and the focused row its DOM) while in view, as index
 * keys would. When a new list (a search, a filter, a sort) shows rows at
 * another place than the last render did, with none in common (scrolled far
 * down, a narrower list ends above), the base moves by as much: the rows in
 * view keep their components and take the new sites (an update), instead of
 * some twenty rows unmounting and mounting again at a keystroke.
 */
export function useRowKeyBase(rows: unknown, first: number, shown: number): number {
  const [keyed, setKeyed] = useState({ rows, base: 0 });
  // The first row in view as last committed (a scroll changes it without a new list).
  const committedFirst = useRef(first);
  useLayoutEffect(() => {
    committedFirst.current = first;
  });
  if (keyed.rows === rows) return keyed.base;
  // eslint-disable-next-line react-hooks/refs -- read once per new list: where React last committed the rows
  const jump = first - committedFirst.current;
  const base = Math.abs(jump) >= shown ? keyed.base + jump : keyed.base;
  setKeyed({ rows, base });
  return base;
}
