/**
 * Reading one's own writes: the recorder (./recorder.ts) writes down what the
 * proxy passed on after the answer has gone, so a page that asks right after
 * its write could read the time before it. A read waits for the recorder's
 * queue, bounded, so a stuck store never holds a page.
 */

/** How long a read waits at most for the writes answered before it (a bulk change's, say). */
const WRITES_WAIT_MS = 2_000;

/** Resolves when `writesSeen` does, or after `ms` at most. */
export async function afterWrites(writesSeen: () => Promise<void>, ms = WRITES_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([writesSeen(), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
