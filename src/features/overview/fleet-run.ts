/**
 * One run of the overview's worker (fleet.worker.ts): started, its messages
 * kept until they are read. The entry may start one before the overview's
 * code has loaded (main.tsx, startEarlyFleetRun), since a signed-in visit
 * lands on the overview; the overview's query then takes it over
 * (takeEarlyFleetRun) instead of starting its own. Small, with no imports but
 * types: the entry, which /login loads too, carries it.
 */
import type { FleetMessage, FleetRequest } from './fleet-wire';

export interface FleetRun {
  /** The next message in the order sent; null once the run is stopped. Rejects when the worker fails. */
  next(): Promise<FleetMessage | null>;
  /** Ends the worker; a pending `next` resolves with null. */
  stop(): void;
}

export function startFleetRun(request: FleetRequest): FleetRun {
  const worker = new Worker(new URL('./fleet.worker.ts', import.meta.url), { type: 'module', name: 'fleet' });
  const queue: FleetMessage[] = [];
  let failure: Error | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;
  const push = () => {
    wake?.();
    wake = undefined;
  };
  worker.addEventListener('message', (event: MessageEvent<FleetMessage>) => {
    queue.push(event.data);
    push();
  });
  worker.addEventListener('error', (event) => {
    failure = new Error(event.message || 'The overview could not be computed');
    push();
  });
  worker.postMessage(request);
  return {
    async next() {
      for (;;) {
        if (stopped) return null;
        const message = queue.shift();
        if (message !== undefined) return message;
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    stop() {
      stopped = true;
      worker.terminate();
      push();
    },
  };
}

/** A run started ahead of the overview's query, not taken over yet. */
let early: FleetRun | null = null;

/** A run taken over by no query within this time (the visit went elsewhere) is ended. */
const EARLY_RUN_WAIT_MS = 15_000;

/** Starts a run ahead of the overview's query, which takes it over (takeEarlyFleetRun). */
export function startEarlyFleetRun(request: FleetRequest): void {
  const run = startFleetRun(request);
  early = run;
  setTimeout(() => {
    if (early !== run) return;
    early = null;
    run.stop();
  }, EARLY_RUN_WAIT_MS);
}

/** The run started early, once: null when there is none or it was taken. */
export function takeEarlyFleetRun(): FleetRun | null {
  const run = early;
  early = null;
  return run;
}
