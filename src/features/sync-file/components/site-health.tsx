import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FindInList } from '../../../components/ui/find-in-list';
import { useAccountId } from '../../../data/account';
import { usePeriodChanges } from '../../../data/site-memory';
import { useScanning, useScanRecords, useSyncEvidencePending } from '../../../data/scan-watcher';
import { useWorkspaceClient } from '../../../data/workspace-client';
import type { FleetScanHealthAnswer } from '../../../api/fleet';
import { errorText } from '../../../i18n/error-text';
import { format } from '../../../i18n/format';
import { FIND_REST_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { syncFileMessages } from '../messages';
import { everySiteOf, SITES_SHOWN, useRefreshScanHealth, useScanHealth } from '../api/scan-health-query';
import { stoppedList, type StoppedList } from './health-lists';
import { useSiteChecks, type Group } from './use-site-checks';
import { useKnownSites } from '../../../data/known-sites';
import { FleetFreshnessLine, FleetRefreshError } from '../../../components/fleet/fleet-freshness';

/** A button whose words may be long (German: "Die 3 noch nie gescannten Websites scannen") wraps in a narrow card. */
const WRAPS = 'h-auto! min-h-8 max-w-full py-1 whitespace-normal!';

/** From this many sites in the lists on, a box finds a site in them. */
const FIND_FROM = 10;

/**
 * Which sites miss the synchronization file, with a re-check (a scan) per site
 * and in bulk. The API says so only in answer to a scan (docs/partner-api.md#site_scan,
 * error 146901), so two lists: the sites whose last scan from this dashboard
 * was refused for it (the team's record, and this browser's scans), and, from
 * the fleet as the server last read it, so on any device, the sites whose
 * scheduled scans stopped reporting, which probably miss it (the API does not
 * say why a scheduled scan did not run). The sites never scanned can be
 * scanned from here to find out. The server sends the first 100 of each list
 * and how many there are, not the whole account; a bulk re-check asks it for
 * every site of its list (src/features/sync-file/api/scan-health-query.ts).
 */
export function SiteHealth() {
  const t = useStore(syncFileMessages);
  const f = useStore(format);
  const account = useAccountId();
  const workspace = useWorkspaceClient();
  const queryClient = useQueryClient();
  const records = useScanRecords(account);
  const evidencePending = useSyncEvidencePending();
  const scanning = useScanning();
  // Not suspended: the file and the guide show while the list loads (or when it fails). Before the
  // server's first read of the fleet, nothing is judged from it.
  const { data: health } = useScanHealth();
  const refresh = useRefreshScanHealth();
  const read = health !== undefined && health.asOf !== null ? health : undefined;
  const { checks, check, bulk, checkMany, stop, counts } = useSiteChecks(account);
  /** A bulk re-check reading its sites from the server (true), or why it could not (its words). */
  const [preparing, setPreparing] = useState<true | string | null>(null);

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
  // The periods set through the dashboard: none is judged before the workspace has said which were set.
  const periodSet = usePeriodChanges(account);
  const checkedFrom = useCallback(
    (group: Group) => Object.keys(checks).filter((d) => checks[d]?.group === group),
    [checks],
  );
  // A refused site that has left the account is not listed; until the server has said, every one is.
  const inList = useCallback(
    (d: string) => !answered || stillThere.has(d) || !refusedSet.has(d),
    [answered, stillThere, refusedSet],
  );
  // The first list: refused sites, and those re-checked from it in this visit (so a found file reads as found, not as gone).
  const knownSet = useMemo(() => {
    const refused = Object.keys(records).filter(
      (d) => records[d]?.outcome === 'syncMissing' && checks[d]?.group !== 'probable',
    );
    return new Set([...refused, ...checkedFrom('known')]);
  }, [records, checks, checkedFrom]);
  const known = useMemo(() => [...knownSet].filter(inList).sort(), [knownSet, inList]);
  /** The second list of an answer: whose scheduled scans stopped, judged with the periods set here. */
  const judge = useCallback(
    (answer: FleetScanHealthAnswer) => stoppedList(answer, periodSet ?? {}, (d) => knownSet.has(d) || !inList(d)),
    [periodSet, knownSet, inList],
  );
  const all = useMemo(() => (read && periodSet ? judge(read) : undefined), [read, periodSet, judge]);
  // Those re-checked from the second list in this visit stay in it.
  const probableChecked = useMemo(
    () => checkedFrom('probable').filter((d) => !knownSet.has(d) && inList(d)),
    [checkedFrom, knownSet, inList],
  );
  // A site re-checked in this visit stays in its list. An answer counts it unless its refusal was on the
  // team's record before the answer was asked for (it leaves those out).
  const leftOut = (d: string, answer: { now: number }) => {
    const c = checks[d];
    return c?.state === 'missing' && c.at < answer.now * 1000;
  };
  const checkedBeyond = (list: StoppedList, answer: { now: number }, domains: readonly string[]) =>
    domains.filter((d) => !list.since.has(d) && leftOut(d, answer)).length;
  const probableTotal = all && read ? all.total + checkedBeyond(all, read, probableChecked) : probableChecked.length;

  // Typed while the box showed: not a filter once it is gone (fewer sites than FIND_FROM, nothing typed).
  const [text, setText] = useState('');
  const findable = text !== '' || known.length + probableTotal >= FIND_FROM;
  const wanted = findable ? text.trim().toLowerCase() : '';
  // The server finds in the second list once typing rests; until it answers, the page finds in what it has.
  const part = useDebouncedValue(wanted, FIND_REST_MS);
  const found = useScanHealth(part, part !== '');
  const foundRead = part !== '' && found.data?.asOf != null ? found.data : undefined;
  const shown = useMemo(() => (foundRead && periodSet ? judge(foundRead) : all), [foundRead, periodSet, judge, all]);
  // The server's answer for what is typed, or the page's own finding while it is asked (exact when the
  // page has the whole second list).
  const serverFound = foundRead !== undefined && part === wanted && !found.isPlaceholderData;
  const exact = serverFound || wanted === '' || all === undefined || all.total === all.domains.length;
  const matching = (domains: readonly string[]) =>
    wanted === '' ? domains : domains.filter((d) => d.toLowerCase().includes(wanted));
  const probableMatches = [
    ...new Set([
      ...(serverFound ? (shown?.domains ?? []) : matching(shown?.domains ?? [])),
      ...matching(probableChecked),
    ]),
  ].sort();
  // How many match in all: the server's count once it has answered for what is typed.
  const probableMatchTotal =
    serverFound && shown && foundRead
      ? shown.total + checkedBeyond(shown, foundRead, matching(probableChecked))
      : wanted === ''
        ? probableTotal
        : probableMatches.length;
  const stoppedSince = useMemo(() => new Map([...(all?.since ?? []), ...(shown?.since ?? [])]), [all, shown]);
  const isProbable = (d: string) => stoppedSince.has(d) || probableChecked.includes(d);
  // The sites never scanned less those listed: the first hundred's, and those checked from it in this visit
  // beyond them that the answer still counts.
  const neverTotal = read
    ? Math.max(
        0,
        read.never.total -
          read.never.sites.filter((d) => knownSet.has(d)).length -
          Object.keys(checks).filter(
            (d) => checks[d]?.fromNever === true && !read.never.sites.includes(d) && !leftOut(d, read),
          ).length,
      )
    : 0;

  const canRecheck = (d: string) => checks[d]?.state !== 'inPlace' && scanning[d] === undefined;
  /** Every site of the lists, read from the server when pressed (it drew the first 100), then checked. */
  const checkEvery = async (which: 'lists' | 'never') => {
    setPreparing(true);
    let sites: { domain: string; group: Group; fromNever?: boolean }[];
    try {
      const every = await everySiteOf(queryClient, workspace, which === 'never' ? 'never' : 'stopped');
      const probable = [...new Set([...judge(every).domains, ...probableChecked])];
      sites =
        which === 'never'
          ? every.never.sites
              .filter((d) => !knownSet.has(d))
              .map((domain) => ({ domain, group: 'known', fromNever: true }))
          : [
              ...known.filter(canRecheck).map((domain) => ({ domain, group: 'known' as const })),
              ...probable.filter(canRecheck).map((domain) => ({ domain, group: 'probable' as const })),
            ];
    } catch (error) {
      setPreparing(errorText(error).message);
      return;
    }
    setPreparing(null);
    await checkMany(sites);
  };

  // What "Re-check all" would check: the first list's, and the second's (less those drawn that need none).
  const drawnProbable = [...new Set([...(all?.domains ?? []), ...probableChecked])];
  const recheckCount =
    known.filter(canRecheck).length + probableTotal - drawnProbable.filter((d) => !canRecheck(d)).length;

  const knownMatches = matching(known);
  const matchCount = knownMatches.length + probableMatchTotal;
  // Said once the count is known (not a "no match" before the server has answered).
  const findStatus =
    wanted === '' || !exact ? '' : matchCount === 0 ? t.listNoMatch({ text: text.trim() }) : t.listMatches(matchCount);
  const busy = bulk?.running === true || preparing === true;
  /** Whether a site's Re-check is of use at all: the file found in place, or the site out of its list, it is not. */
  const checkable = (d: string, group: Group) =>
    checks[d]?.state !== 'inPlace' && (group === 'known' ? knownSet.has(d) : isProbable(d));
  /** Whether it waits for a check under way (its own, its site's scan, every site's): it keeps the focus meanwhile. */
  const waiting = (d: string) => checks[d]?.state === 'checking' || scanning[d] !== undefined || busy;

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

  const rows = (domains: readonly string[], group: Group, labelledBy: string, total = domains.length) => (
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
              aria-label={t.recheckSite({ domain })}
              className="ml-auto"
              disabled={!checkable(domain, group)}
              unavailable={waiting(domain)}
              onClick={() => void check(domain, group)}
            >
              {t.recheck}
            </Button>
          </li>
        ))}
      </ul>
      {total > SITES_SHOWN ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {t.listShowing({ shown: f.integer(Math.min(SITES_SHOWN, domains.length)), total: f.integer(total) })}
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
          {t.healthNone} {neverTotal > 0 ? t.healthNoneNever : ''}
        </p>
      ) : (
        rows(knownMatches, 'known', 'site-health-heading')
      )}

      {probableTotal > 0 && (
        <>
          <h3 id="site-health-probable" className="mt-5 font-semibold text-foreground">
            {t.probableHeading}
          </h3>
          <p className="mt-1 text-sm text-foreground">{t.probableText}</p>
          {rows(probableMatches, 'probable', 'site-health-probable', probableMatchTotal)}
        </>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {recheckCount > 0 && (
          <Button
            variant="primary"
            size="sm"
            className={WRAPS}
            unavailable={busy}
            onClick={() => void checkEvery('lists')}
          >
            {t.recheckAll(recheckCount)}
          </Button>
        )}
        {neverTotal > 0 && (
          <Button
            variant="secondary"
            size="sm"
            className={WRAPS}
            unavailable={busy}
            aria-describedby="site-health-never"
            onClick={() => void checkEvery('never')}
          >
            {t.checkNever(neverTotal)}
          </Button>
        )}
        {bulk?.running && (
          <Button variant="ghost" size="sm" onClick={stop}>
            {t.cancel}
          </Button>
        )}
      </div>
      {neverTotal > 0 && (
        <p id="site-health-never" className="mt-2 text-xs text-muted-foreground">
          {t.checkNeverHint}
        </p>
      )}
      <div role="status" className="mt-2 text-sm text-foreground">
        {preparing === true ? t.bulkReading : preparing !== null ? t.bulkFailed({ message: preparing }) : null}
        {preparing === null && bulk && (
          <>
            {bulk.running ? t.progress({ done: bulk.done, total: bulk.total }) : ''}{' '}
            {t.summary({ found: counts.found, missing: counts.missing, failed: counts.failed })}
          </>
        )}
      </div>
    </Card>
  );
}
