import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isMethodError } from '../../../api/error-catalogue';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FindInList } from '../../../components/ui/find-in-list';
import { useAccountId } from '../../../data/account';
import { usePeriodChanges } from '../../../data/site-memory';
import { useScanning, useScanRecords, useScanWatcher, useSyncEvidencePending } from '../../../data/scan-watcher';
import { siteKey } from '../../../data/workspace';
import { errorText } from '../../../i18n/error-text';
import { format } from '../../../i18n/format';
import { scansStoppedSince } from '../../../lib/scan-schedule';
import { syncFileMessages } from '../messages';
import { useRefreshScanHealth, useScanHealth } from '../api/scan-health-query';
import { useKnownSites } from '../../../data/known-sites';
import { FleetFreshnessLine, FleetRefreshError } from '../../../components/fleet/fleet-freshness';

/** A button whose words may be long (German: "Die 3 noch nie gescannten Websites scannen") wraps in a narrow card. */
const WRAPS = 'h-auto! min-h-8 max-w-full py-1 whitespace-normal!';

/** At most this many sites of a list are drawn at once (a large fleet may list thousands); a box finds the others. */
const SITES_SHOWN = 100;
/** From this many sites in the lists on, a box finds a site in them. */
const FIND_FROM = 10;

/** How many scans are asked for at once in a bulk re-check. */
const IN_FLIGHT = 4;

/** Which list a site is in: refused for a missing file (146901), or its scheduled scans stopped. */
type Group = 'known' | 'probable';

/** What a re-check in this visit found for a site, and the list it was in (it stays there for this visit). */
type Check = { group: Group } & (
  { state: 'checking' } | { state: 'inPlace' } | { state: 'missing' } | { state: 'failed'; message: string }
);

/**
 * Which sites miss the synchronization file, with a re-check (a scan) per site
 * and in bulk. The API says so only in answer to a scan (docs/partner-api.md#site_scan,
 * error 146901), so two lists: the sites whose last scan from this dashboard
 * was refused for it (the team's record, and this browser's scans), and, from
 * the fleet as the server last read it, so on any device, the sites whose
 * scheduled scans stopped reporting, which probably miss it (the API does not
 * say why a scheduled scan did not run). The sites never scanned can be
 * scanned from here to find out. The server sends only those sites, not the
 * whole account (src/features/sync-file/api/scan-health-query.ts).
 */
export function SiteHealth() {
  const t = useStore(syncFileMessages);
  const f = useStore(format);
  const account = useAccountId();
  const records = useScanRecords(account);
  const evidencePending = useSyncEvidencePending();
  const scanning = useScanning();
  const watcher = useScanWatcher();
  // Not suspended: the file and the guide show while the list loads (or when it fails). Before the
  // server's first read of the fleet, nothing is judged from it.
  const { data: health } = useScanHealth();
  const refresh = useRefreshScanHealth();
  const read = health !== undefined && health.asOf !== null ? health : undefined;
  const [checks, setChecks] = useState<Readonly<Record<string, Check>>>({});
  const [bulk, setBulk] = useState<{ done: number; total: number; running: boolean } | null>(null);
  const stopped = useRef(false);

  // The sites refused for the file (the team's record, this browser's scans) that are still in the account.
  const refusedSites = useMemo(
    () =>
      Object.keys(records)
        .filter((d) => records[d]?.outcome === 'syncMissing')
        .sort(),
    [records],
  );
  const { known: stillThere, answered } = useKnownSites(refusedSites);
  const refusedSet = useMemo(() => new Set(refusedSites), [refusedSites]);
  const periodSet = usePeriodChanges(account);
  // Since when each site's scheduled scans have not reported, judged when the list was read (as the overview judges
  // "overdue"). A site never scanned is not among them: the table calls it "Never scanned", and it is offered below
  // to scan; a period just set through the dashboard has not asked for a scan yet (none is judged before the
  // workspace has said which were set).
  const stoppedSince = useMemo(() => {
    const since = new Map<string, number>();
    if (periodSet === undefined || read === undefined) return since;
    for (const site of read.due) {
      if (site.reportDate === 0) continue;
      const at = scansStoppedSince(
        { ...site, scanreport: { date: site.reportDate } },
        read.now,
        periodSet[siteKey(site.domain)],
      );
      if (at !== null) since.set(site.domain, at);
    }
    return since;
  }, [read, periodSet]);
  // Each list: its sites, and those re-checked from it in this visit (so a found file reads as found, not as gone).
  const { known, probable } = useMemo(() => {
    const checkedFrom = (group: Group) => Object.keys(checks).filter((d) => checks[d]?.group === group);
    const refused = Object.keys(records).filter(
      (d) => records[d]?.outcome === 'syncMissing' && checks[d]?.group !== 'probable',
    );
    const knownSet = new Set([...refused, ...checkedFrom('known')]);
    const stalled = [...stoppedSince.keys()].filter((d) => !knownSet.has(d));
    // A refused site that has left the account is not listed; until the server has said, every one is.
    const inList = (d: string) => !answered || stillThere.has(d) || !refusedSet.has(d);
    return {
      known: [...knownSet].filter(inList).sort(),
      probable: [...new Set([...stalled, ...checkedFrom('probable')])]
        .filter((d) => !knownSet.has(d) && inList(d))
        .sort(),
    };
  }, [records, checks, refusedSet, stillThere, answered, stoppedSince]);
  const neverScanned = useMemo(() => {
    const listed = new Set([...known, ...probable]);
    return (read?.due ?? []).filter((s) => s.reportDate === 0 && !listed.has(s.domain)).map((s) => s.domain);
  }, [read, known, probable]);

  const check = useCallback(
    async (domain: string, group: Group): Promise<Check> => {
      setChecks((c) => ({ ...c, [domain]: { group, state: 'checking' } }));
      let result: Check;
      try {
        await watcher.start(domain, account);
        result = { group, state: 'inPlace' };
      } catch (error) {
        result = isMethodError(error, 'site_scan', 'notAvailable')
          ? { group, state: 'missing' }
          : { group, state: 'failed', message: errorText(error).message };
      }
      setChecks((c) => ({ ...c, [domain]: result }));
      return result;
    },
    [watcher, account],
  );

  const probableSet = useMemo(() => new Set(probable), [probable]);
  const groupOf = (domain: string): Group => (probableSet.has(domain) ? 'probable' : 'known');
  const checkMany = async (domains: readonly string[]) => {
    stopped.current = false;
    let done = 0;
    setBulk({ done, total: domains.length, running: true });
    const queue = domains.map((domain) => ({ domain, group: groupOf(domain) }));
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined && !stopped.current; next = queue.shift()) {
        await check(next.domain, next.group);
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
  const recheckable = [...known, ...probable].filter(
    (d) => checks[d]?.state !== 'inPlace' && scanning[d] === undefined,
  );
  const recheckableSet = new Set(recheckable);

  // Typed while the box showed: not a filter once it is gone (fewer sites than FIND_FROM).
  const [text, setText] = useState('');
  const findable = known.length + probable.length >= FIND_FROM;
  const wanted = findable ? text.trim().toLowerCase() : '';
  const matching = (domains: readonly string[]) =>
    wanted === '' ? domains : domains.filter((d) => d.toLowerCase().includes(wanted));
  const knownMatches = matching(known);
  const probableMatches = matching(probable);
  const matchCount = knownMatches.length + probableMatches.length;
  const findStatus =
    wanted === '' ? '' : matchCount === 0 ? t.listNoMatch({ text: text.trim() }) : t.listMatches(matchCount);

  const statusOf = (domain: string, group: Group): string => {
    const c = checks[domain];
    if (c?.state === 'checking') return t.checking;
    if (c?.state === 'failed') return t.checkFailed({ message: c.message });
    const record = records[domain];
    const since = stoppedSince.get(domain);
    // A scan this dashboard started was taken (after the scans stopped, for the second list).
    const taken = record?.outcome === 'done' && (group === 'known' || since === undefined || record.at >= since * 1000);
    if (c?.state === 'inPlace' || taken) return scanning[domain] === undefined ? t.inPlaceDone : t.inPlace;
    if (c?.state === 'missing') return t.stillMissing;
    if (group === 'probable') {
      return since === undefined
        ? t.stillMissing
        : t.noScanSince({ date: f.date(since * 1000, { dateStyle: 'medium' }) });
    }
    const at = record?.at;
    return at === undefined
      ? t.stillMissing
      : t.refusedAt({ date: f.date(at, { dateStyle: 'medium', timeStyle: 'short' }) });
  };

  const rows = (domains: readonly string[], group: Group, labelledBy: string) => (
    <>
      <ul
        aria-labelledby={labelledBy}
        className="mt-3 divide-y divide-border rounded-md border border-border empty:hidden"
      >
        {domains.slice(0, SITES_SHOWN).map((domain) => (
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
              {statusOf(domain, group)}
            </span>
            <Button
              variant="secondary"
              size="sm"
              className="ml-auto"
              aria-label={t.recheckSite({ domain })}
              disabled={!recheckableSet.has(domain) || checks[domain]?.state === 'checking' || bulk?.running}
              onClick={() => void check(domain, group)}
            >
              {t.recheck}
            </Button>
          </li>
        ))}
      </ul>
      {domains.length > SITES_SHOWN ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {t.listShowing({ shown: f.integer(SITES_SHOWN), total: f.integer(domains.length) })}
        </p>
      ) : null}
    </>
  );

  return (
    <Card className="p-5">
      <h2 id="site-health-heading" className="text-lg font-semibold text-foreground">
        {t.healthHeading}
      </h2>
      <p className="mt-2 text-sm text-foreground">{t.healthText}</p>
      {health ? (
        <>
          <FleetFreshnessLine freshness={health} onRefresh={refresh} className="mt-2" />
          <div className="mt-2 empty:hidden">
            <FleetRefreshError freshness={health} onRetry={refresh} />
          </div>
        </>
      ) : null}

      {findable ? (
        <FindInList
          className="mt-3"
          label={t.findLabel}
          placeholder={t.findPlaceholder}
          value={text}
          maxLength={253}
          status={findStatus}
          onChange={setText}
        />
      ) : null}

      {known.length === 0 && evidencePending ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          {t.healthLoading}
        </p>
      ) : known.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          {t.healthNone} {neverScanned.length > 0 ? t.healthNoneNever : ''}
        </p>
      ) : (
        rows(knownMatches, 'known', 'site-health-heading')
      )}

      {probable.length > 0 && (
        <>
          <h3 id="site-health-probable" className="mt-5 font-semibold text-foreground">
            {t.probableHeading}
          </h3>
          <p className="mt-1 text-sm text-foreground">{t.probableText}</p>
          {rows(probableMatches, 'probable', 'site-health-probable')}
        </>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {recheckable.length > 0 && (
          <Button
            variant="primary"
            size="sm"
            className={WRAPS}
            disabled={bulk?.running}
            onClick={() => void checkMany(recheckable)}
          >
            {t.recheckAll(recheckable.length)}
          </Button>
        )}
        {neverScanned.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            className={WRAPS}
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
