/**
 * Runs one change over many sites (bulk changes): a bounded number of requests
 * in flight, per-site results, a rate limit's wait honoured (the batch goes
 * back to the queue and every worker pauses), and cancel that stops sending
 * (what is in flight finishes; what was not sent is reported as not sent).
 * No React and no cache here: the caller batches what it shows.
 */
export interface BulkRunOptions<T> {
  items: readonly T[];
  /** Items per request (sites_add shares many at once; site_setoption one). */
  batchSize?: number;
  /** Requests in flight at most. */
  concurrency?: number;
  /**
   * One request for a batch: resolves with the items that failed and why
   * (missing items succeeded); rejects when the whole batch failed.
   */
  run: (batch: readonly T[]) => Promise<ReadonlyMap<T, unknown>>;
  /** After each request: what succeeded and what failed. */
  onSettled: (done: readonly T[], failed: ReadonlyMap<T, unknown>) => void;
  /** Aborting it stops sending. */
  signal?: AbortSignal | undefined;
  /** Seconds to wait before sending again, when the error is a rate limit's refusal. */
  retryAfter?: (error: unknown) => number | undefined;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface BulkRunResult<T> {
  /** Items never sent because the run was cancelled. */
  notSent: T[];
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runBulk<T>(options: BulkRunOptions<T>): Promise<BulkRunResult<T>> {
  const { batchSize = 1, concurrency = 4, run, onSettled, signal, retryAfter } = options;
  const { sleep = defaultSleep, now = Date.now } = options;
  const queue: T[][] = [];
  for (let i = 0; i < options.items.length; i += batchSize) queue.push(options.items.slice(i, i + batchSize));
  let pausedUntil = 0;
  // A pause ends early on cancel.
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });

  const worker = async () => {
    for (;;) {
      if (signal?.aborted) return;
      const wait = pausedUntil - now();
      if (wait > 0) {
        await Promise.race([sleep(wait), aborted]);
        continue;
      }
      const batch = queue.shift();
      if (!batch) return;
      try {
        const failed = await run(batch);
        onSettled(
          batch.filter((item) => !failed.has(item)),
          failed,
        );
      } catch (error) {
        const seconds = retryAfter?.(error);
        if (seconds !== undefined) {
          queue.unshift(batch);
          pausedUntil = Math.max(pausedUntil, now() + seconds * 1000);
          continue;
        }
        onSettled([], new Map(batch.map((item) => [item, error])));
      }
    }
  };

  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, worker));
  return { notSent: queue.flat() };
}
