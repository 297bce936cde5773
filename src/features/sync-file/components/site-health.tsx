import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isMethodError } from '../../../api/error-catalogue';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useAccountId } from '../../../data/account';
import { useScanning, useScanRecords, useScanWatcher } from '../../../data/scan-watcher';
import { useSitesQuery } from '../../../data/sites';
import { errorText } from '../../../i18n/error-text';
import { format } from '../../../i18n/format';
import { syncFileMessages } from '../messages';

/** How many scans are asked for at once in a bulk re-check. */
const IN_FLIGHT = 4;

/** What a re-check in this visit found for a site. */
type Check = { state: 'checking' } | { state: 'inPlace' } | { state: 'missing' } | { state: 'failed'; message: string };

/**
 * Which sites miss the synchronization file (spec §4.3 site_scan, error 146901),
 * with a re-check per site and in bulk. The API says so only in answer to a
 * scan, so the list is the sites whose last scan from this dashboard was
 * refused for it (the scan watcher remembers them per account, in this
 * browser); the sites never scanned can be scanned from here to find out.
 */
export function SiteHealth() {
  const t = useStore(syncFileMessages);
  const f = useStore(format);
  const account = useAccountId();
  const records = useScanRecords(account);
  const scanning = useScanning();
  const watcher = useScanWatcher();
  // Not suspended: the file and the guide show while the list loads (or when it fails).
  const { data: sites } = useSitesQuery(undefined);
  const [checks, setChecks] = useState<Readonly<Record<string, Check>>>({});
  const [bulk, setBulk] = useState<{ done: number; total: number; running: boolean } | null>(null);
  const stopped = useRef(false);

  const inAccount = useMemo(() => (sites ? new Set(sites.map((s) => s.domain)) : null), [sites]);
  // The sites known to miss it, and those re-checked in this visit (so a found file reads as found, not as gone).
  const listed = useMemo(() => {
    const missing = Object.keys(records).filter((d) => records[d]?.outcome === 'syncMissing');
    return [...new Set([...missing, ...Object.keys(checks)])].filter((d) => inAccount?.has(d) ?? true).sort();
  }, [records, checks, inAccount]);
  const neverScanned = useMemo(
    () => (sites ?? []).filter((s) => !s.scanreport && !listed.includes(s.domain)).map((s) => s.domain),
    [sites, listed],
  );

  const check = useCallback(
    async (domain: string): Promise<Check> => {
      setChecks((c) => ({ ...c, [domain]: { state: 'checking' } }));
      let result: Check;
      try {
        await watcher.start(domain, account);
        result = { state: 'inPlace' };
      } catch (error) {
        result = isMethodError(error, 'site_scan', 'notAvailable')
          ? { state: 'missing' }
          : { state: 'failed', message: errorText(error).message };
      }
      setChecks((c) => ({ ...c, [domain]: result }));
      return result;
    },
    [watcher, account],
  );

  const checkMany = async (domains: readonly string[]) => {
    stopped.current = false;
    let done = 0;
    setBulk({ done, total: domains.length, running: true });
    const queue = [...domains];
    const worker = async () => {
      for (let domain = queue.shift(); domain !== undefined && !stopped.current; domain = queue.shift()) {
        await check(domain);
        setBulk({ done: ++done, total: domains.length, running: true });
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, domains.length) }, worker));
    setBulk({ done, total: domains.length, running: false });
  };

  const counts = { found: 0, missing: 0, failed: 0 };
  for (const c of Object.values(checks)) {
    if (c.state === 'inPlace') counts.found++;
    else if (c.state === 'missing') counts.missing++;
    else if (c.state === 'failed') counts.failed++;
  }
  const recheckable = listed.filter((d) => checks[d]?.state !== 'inPlace' && scanning[d] === undefined);

  const statusOf = (domain: string): string => {
    const c = checks[domain];
    if (c?.state === 'checking') return t.checking;
    if (c?.state === 'failed') return t.checkFailed({ message: c.message });
    if (c?.state === 'inPlace' || records[domain]?.outcome === 'done') {
      return scanning[domain] === undefined ? t.inPlaceDone : t.inPlace;
    }
    if (c?.state === 'missing') return t.stillMissing;
    const at = records[domain]?.at;
    return at === undefined
      ? t.stillMissing
      : t.refusedAt({ date: f.date(at, { dateStyle: 'medium', timeStyle: 'short' }) });
  };

  return (
    <Card className="p-5">
      <h2 id="site-health-heading" className="text-lg font-semibold text-foreground">
        {t.healthHeading}
      </h2>
      <p className="mt-2 text-sm text-foreground">{t.healthText}</p>

      {listed.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          {t.healthNone} {neverScanned.length > 0 ? t.healthNoneNever : ''}
        </p>
      ) : (
        <ul
          aria-labelledby="site-health-heading"
          className="mt-3 divide-y divide-border rounded-md border border-border"
        >
          {listed.map((domain) => (
            <li key={domain} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <Link
                to="/sites/$domain"
                params={{ domain }}
                aria-label={t.openSite({ domain })}
                className="min-w-0 font-medium break-all text-link underline underline-offset-2"
              >
                {domain}
              </Link>
              <span className="text-muted-foreground" role="status">
                {statusOf(domain)}
              </span>
              <Button
                variant="secondary"
                size="sm"
                className="ml-auto"
                aria-label={t.recheckSite({ domain })}
                disabled={!recheckable.includes(domain) || checks[domain]?.state === 'checking' || bulk?.running}
                onClick={() => void check(domain)}
              >
                {t.recheck}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {recheckable.length > 0 && (
          <Button variant="primary" size="sm" disabled={bulk?.running} onClick={() => void checkMany(recheckable)}>
            {t.recheckAll(recheckable.length)}
          </Button>
        )}
        {neverScanned.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            disabled={bulk?.running}
            aria-describedby="site-health-never"
            onClick={() => void checkMany(neverScanned)}
          >
            {t.checkNever(neverScanned.length)}
          </Button>
        )}
        {bulk?.running && (
          <Button variant="ghost" size="sm" onClick={() => (stopped.current = true)}>
            {t.cancel}
          </Button>
        )}
      </div>
      {neverScanned.length > 0 && (
        <p id="site-health-never" className="mt-2 text-xs text-muted-foreground">
          {t.checkNeverHint}
        </p>
      )}
      <div role="status" className="mt-2 text-sm text-foreground">
        {bulk && (
          <>
            {bulk.running ? t.progress({ done: bulk.done, total: bulk.total }) : ''}{' '}
            {t.summary({ found: counts.found, missing: counts.missing, failed: counts.failed })}
          </>
        )}
      </div>
    </Card>
  );
}
