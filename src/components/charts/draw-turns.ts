/**
 * Charts draw one a task, after the page's text: each is one long task of
 * Recharts' own (about 50–100 ms on a 2-core machine), and a report of a
 * customer's ten sites drew ten in the task that showed the page. A chart asks
 * for its turn once it is on the page; the next turn comes a task after the
 * chart before it has drawn. Printing (Ctrl+P, the Print button) draws every
 * chart still waiting at once, before the page is printed.
 */
import { flushSync } from 'react-dom';

interface Waiting {
  /** Draws in its turn (in a transition). */
  draw: () => void;
  /** Draws now (printing). */
  now: () => void;
}

const waiting: Waiting[] = [];
/** The chart whose turn it is, until it has drawn. */
let current: Waiting | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function next(): void {
  timer = undefined;
  current = waiting.shift() ?? null;
  current?.draw();
}

function soon(): void {
  timer ??= setTimeout(next, 0);
}

/** Asks for a turn to draw; returns how to give it up (the chart left the page first). */
export function askToDraw(draw: () => void, now: () => void): () => void {
  const me: Waiting = { draw, now };
  waiting.push(me);
  if (current === null) soon();
  return () => {
    const at = waiting.indexOf(me);
    if (at >= 0) waiting.splice(at, 1);
    if (current === me) {
      current = null;
      if (waiting.length > 0) soon();
    }
  };
}

/** Said by a chart once it has drawn: the next one draws a task later. */
export function drawn(): void {
  current = null;
  if (waiting.length > 0) soon();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    const all = current ? [current, ...waiting] : [...waiting];
    if (all.length === 0) return;
    // Synchronously, so the printed page has them: the print is laid out when this handler returns.
    flushSync(() => all.forEach((w) => w.now()));
  });
}
