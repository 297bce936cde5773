/**
 * Charts draw one a task, after the page's text: each is one long task of
 * Recharts' own (about 50–100 ms on a 2-core machine), and a report of a
 * customer's ten sites drew ten in the task that showed the page. A chart asks
 * for its turn once it is near the screen (firewall-chart.tsx); the next turn
 * comes a task after the chart before it has drawn. Printing (Ctrl+P, the
 * Print button) draws every chart still waiting at once, before the page is
 * printed, and those not yet near the screen with them (`onPrint`).
 */
import { flushSync } from 'react-dom';

interface Waiting {
  /** Draws in its turn (in a transition). */
  draw: () => void;
  /** Draws now (printing). */
  now: () => void;
}

const waiting: Waiting[] = [];
/** The chart whose turn it is, until it has drawn (or its turn has run out). */
let current: Waiting | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** A turn's longest: a chart whose drawing never comes to the page (its code still loading) holds up no other. */
const TURN_MS = 500;

function next(): void {
  timer = undefined;
  const me = waiting.shift() ?? null;
  current = me;
  if (me === null) return;
  me.draw();
  setTimeout(() => {
    if (current === me) passOn();
  }, TURN_MS);
}

function passOn(): void {
  current = null;
  if (waiting.length > 0) timer ??= setTimeout(next, 0);
}

/**
 * Asks for a turn to draw; returns what to call once drawn, or when the chart leaves the page
 * first: the next chart draws a task later.
 */
export function askToDraw(draw: () => void, now: () => void): () => void {
  const me: Waiting = { draw, now };
  waiting.push(me);
  if (current === null) timer ??= setTimeout(next, 0);
  return () => {
    const at = waiting.indexOf(me);
    if (at >= 0) waiting.splice(at, 1);
    if (current === me) passOn();
  };
}

/** What else draws at once for a print (a chart's second panel, drawn a task after its first). */
const atPrint = new Set<() => void>();
let printing = false;

/** Whether a print is being drawn now: a chart drawn then draws every panel at once. */
export function isPrinting(): boolean {
  return printing;
}

/** Calls `draw` when the page is about to be printed; returns how to stop. */
export function onPrint(draw: () => void): () => void {
  atPrint.add(draw);
  return () => void atPrint.delete(draw);
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    const all = current ? [current, ...waiting] : [...waiting];
    if (all.length === 0 && atPrint.size === 0) return;
    // Synchronously, so the printed page has them: the print is laid out when this handler returns.
    printing = true;
    try {
      flushSync(() => {
        all.forEach((w) => w.now());
        atPrint.forEach((draw) => draw());
      });
    } finally {
      printing = false;
    }
  });
}
