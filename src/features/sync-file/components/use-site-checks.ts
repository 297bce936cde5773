/**
 * The sync file page's re-checks: a scan per site (one that starts means the
 * file is in place; 146901 means it is still missing), and many at once, a few
 * at a time, with a count of each outcome and a way to stop.
 */
import { useCallback, useRef, useState } from 'react';
import { isMethodError } from '../../../api/error-catalogue';
import { useScanWatcher } from '../../../data/scan-watcher';
import { errorText } from '../../../i18n/error-text';

/** How many scans are asked for at once in a bulk re-check. */
const IN_FLIGHT = 4;

/** Which list a site is in: refused for a missing file (146901), or its scheduled scans stopped. */
export type Group = 'known' | 'probable';

/** What a re-check in this visit found for a site, and the list it was in (it stays there for this visit). */
export type Check = {
  group: Group;
  /** Checked from the sites never scanned (a bulk scan of them). */
  fromNever: boolean;
  /** When the check came to its end (ms; 0 while checking). */
  at: number;
} & ({ state: 'checking' } | { state: 'inPlace' } | { state: 'missing' } | { state: 'failed'; message: string });

export function useSiteChecks(account: string | undefined) {
  const watcher = useScanWatcher();
  const [checks, setChecks] = useState<Readonly<Record<string, Check>>>({});
  const [bulk, setBulk] = useState<{ done: number; total: number; running: boolean } | null>(null);
  const stopped = useRef(false);
  const everNever = useRef(new Set<string>());

  const check = useCallback(
    async (domain: string, group: Group, first = false): Promise<Check> => {
      // Once checked from the sites never scanned, always (a re-check of it from its row too).
      if (first) everNever.current.add(domain);
      const fromNever = everNever.current.has(domain);
      setChecks((c) => ({ ...c, [domain]: { group, fromNever, at: 0, state: 'checking' } }));
      let result: Check;
      try {
        await watcher.start(domain, account);
        result = { group, fromNever, at: Date.now(), state: 'inPlace' };
      } catch (error) {
        const at = Date.now();
        result = isMethodError(error, 'site_scan', 'notAvailable')
          ? { group, fromNever, at, state: 'missing' }
          : { group, fromNever, at, state: 'failed', message: errorText(error).message };
      }
      setChecks((c) => ({ ...c, [domain]: result }));
      return result;
    },
    [watcher, account],
  );

  const checkMany = async (sites: readonly { domain: string; group: Group; fromNever?: boolean }[]) => {
    stopped.current = false;
    let done = 0;
    setBulk({ done, total: sites.length, running: true });
    const queue = [...sites];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined && !stopped.current; next = queue.shift()) {
        await check(next.domain, next.group, next.fromNever);
        setBulk({ done: ++done, total: sites.length, running: true });
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, sites.length) }, worker));
    setBulk({ done, total: sites.length, running: false });
  };

  const counts = { found: 0, missing: 0, failed: 0 };
  for (const c of Object.values(checks)) {
    if (c.state === 'inPlace') counts.found++;
    else if (c.state === 'missing') counts.missing++;
    else if (c.state === 'failed') counts.failed++;
  }
  return { checks, check, bulk, checkMany, stop: () => (stopped.current = true), counts };
}
