/**
 * The sites page: the account's sites (or one unit's) in a
 * virtualised table, with search, filters and sort in the URL, per-row
 * options and actions, bulk changes, Add sites and CSV export.
 */
import { useStore } from '@nanostores/react';
import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAccountId } from '../../../data/account';
import { useScanning } from '../../../data/scan-watcher';
import { useUnavailableOptions } from '../../../data/site-memory';
import { useUnitsDirectory } from '../../../data/units-directory';
import { useUnitCount } from '../../../data/workspace';
import { errorText } from '../../../i18n/error-text';
import { toast } from '../../../lib/toast-store';
import { cn } from '../../../lib/cn';
import { usePageTitle } from '../../../lib/use-page-title';
import { exportSites } from '../export-sites';
import { sitesMessages } from '../../../components/site/site-messages';
import { FILTER_DEFAULTS, type SitesSearch } from '../../../data/site-model/sites-search';
import { isFiltered } from '../../../data/site-model/site-filters';
import { sitesToolbarMessages } from '../toolbar-messages';
import { useBulkJob } from '../use-bulk-job';
import { useElementWidth } from '../../../lib/use-element-width';
import { useSearchDraft } from '../use-search-draft';
import { useSelection } from '../use-selection';
import { useFleetRows, useUnitRows, type PageRows, type RowsInput } from '../use-page-rows';
import { Freshness, SitesLoading } from './freshness';
import { AddSitesDialog } from './add-sites-dialog';
import { BulkBar } from './bulk-bar';
import { BulkProgress } from './bulk-progress';
import { EmptySites } from './empty-sites';
import { SiteActionsProvider } from '../../../components/site/site-actions';
import { SitesTable } from './sites-table';
import { SitesToolbar } from './sites-toolbar';
import { CUSTOMER_CHOICES_MAX } from './find-customer-dialog';

/** Below this width (a phone, a 360 px panel iframe) rows show the domain, status and firewall, the rest in a detail. */
const NARROW_PX = 640;
/** The full table's least width (62rem and its border, sites-table.tsx): below it, it scrolls sideways. */
const FULL_TABLE_PX = 994;
/**
 * The Customer column is shown by default where the table has room for it beside a whole
 * 30-character name (73rem); narrower, it is in the Columns menu, and the filter, the search,
 * the narrow row's details and the site page name the customer.
 */
const CUSTOMER_COLUMN_PX = 1168;
/** How long a new sort or filter waits for its first rows before the page shows it without them. */
const CHANGE_WAIT_MS = 200;

export interface SitesPageProps {
  search: SitesSearch;
  onSearch: (change: Partial<SitesSearch>, options?: { replace?: boolean; resetScroll?: boolean }) => void;
}

/**
 * A unit's sites (a short list, from the API) or the whole account's (windows of the server's read model).
 * Memoised: the route renders it again whenever the router's state moves (a navigation's start, its
 * loaders' end), with the same search; only a new search (or callback) renders the page.
 */
export const SitesPage = memo(function SitesPage(props: SitesPageProps) {
  return props.search.unit ? (
    <SitesPageOf key="unit" {...props} useRows={useUnitRows} />
  ) : (
    <SitesPageOf key="fleet" {...props} useRows={useFleetRows} />
  );
});

function SitesPageOf({ search, onSearch, useRows }: SitesPageProps & { useRows: (input: RowsInput) => PageRows }) {
  const t = useStore(sitesMessages);
  const tb = useStore(sitesToolbarMessages);
  usePageTitle(t.title);
  const account = useAccountId();
  const unavailable = useUnavailableOptions(account);
  // The URL catching up with the search box keeps the scroll: the table already follows the box, and
  // a reset to the top before a slow answer is in would draw the old list's first rows in between.
  const commitQuery = useCallback((q: string) => onSearch({ q }, { replace: true, resetScroll: false }), [onSearch]);
  const query = useSearchDraft(search.q, commitQuery);
  // Sites changed from their row stay in view (even if they no longer match) until the user moves on.
  const [kept, setKept] = useState<{ view: string; domains: ReadonlySet<string> }>({ view: '', domains: new Set() });
  const viewKey = JSON.stringify({ ...search, q: query.draft });
  const keptNow = kept.view === viewKey ? kept.domains : NONE_KEPT;
  // Stable across views (the view is read when a row is kept): every row's controls read the
  // actions it is part of, and a new one per sort re-rendered them all before the new rows came.
  const viewNow = useRef(viewKey);
  useLayoutEffect(() => {
    viewNow.current = viewKey;
  }, [viewKey]);
  const keepRow = useCallback(
    (domain: string) =>
      setKept((current) => {
        const view = viewNow.current;
        const domains = current.view === view ? current.domains : NONE_KEPT;
        return domains.has(domain) ? current : { view, domains: new Set([...domains, domain]) };
      }),
    [],
  );
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  const filtered = isFiltered({ ...search, q: query.draft });
  const view = useRows({
    search,
    query: query.draft,
    account,
    kept: keptNow,
    roomForCustomer: width !== null && width >= CUSTOMER_COLUMN_PX,
    filtered,
  });
  // The directory (the Customer filter's choices) is asked once the rows are in, and only when small
  // enough to list: a large one (about 16,000 at 100,000 sites) is searched from the filter instead.
  const unitCount = useUnitCount();
  const listCustomers = unitCount !== undefined && unitCount <= CUSTOMER_CHOICES_MAX;
  const directory = useUnitsDirectory(account, !view.loading && listCustomers);
  const units = unitCount === undefined || listCustomers ? directory : null;
  const selection = useSelection(view.selectable);
  const bulk = useBulkJob();
  const scanning = useScanning();
  const stillScanning =
    bulk.job?.action.kind === 'scan' ? bulk.job.sent.filter((domain) => scanning[domain] !== undefined).length : 0;
  const [adding, setAdding] = useState(false);
  const layout = width !== null && width < NARROW_PX ? 'narrow' : 'full';
  const docked = bulk.job !== null || selection.domains.length > 0;

  /**
   * A new sort or filter: its first rows are asked for now, and the URL changes when they are in
   * (at most CHANGE_WAIT_MS later), so the rows render once, in their new order, rather than once
   * with the old ones (about 40 ms at 10,000 sites) and again when they come. Meanwhile the toolbar
   * and the headers show the change (`shown`), and a further change is made on top of it: two
   * filters picked in quick succession are both made, a second click on a header turns its order
   * round. Only the last change asked for is made; an earlier one answered later never undoes it.
   */
  const [pending, setPending] = useState<Pending>({ on: search, change: NO_CHANGE });
  // Made on the address as it was: once the address changes (the change made, or Back), it is over.
  const change = pending.on === search ? pending.change : NO_CHANGE;
  const shown = change === NO_CHANGE ? search : { ...search, ...change };
  // The same, as the last event left it: what the next change is made on top of (a header's change
  // is shown in a transition, which may not have rendered when the next click comes).
  const pendingNow = useRef<Pending>(pending);
  const changeNow = () => (pendingNow.current.on === search ? pendingNow.current.change : NO_CHANGE);
  const lastChange = useRef(0);
  useEffect(() => {
    const counter = lastChange;
    // Leaving the page: a change still waiting for its rows is not made (it would bring the user back).
    return () => void counter.current++;
  }, []);
  /**
   * `urgent`: shown in the same render (a select, whose value the browser would otherwise put
   * back); else in a transition, which the rows' arrival usually makes unneeded (a header's click).
   */
  const askFirst = (next: SearchChange, urgent = true) => {
    if (view.prefetch === undefined) return onSearch(next);
    const merged = { ...changeNow(), ...next };
    pendingNow.current = { on: search, change: merged };
    if (urgent) setPending(pendingNow.current);
    else startTransition(() => setPending({ on: search, change: merged }));
    const asked = ++lastChange.current;
    const make = () => {
      if (lastChange.current !== asked) return;
      lastChange.current++;
      onSearch(merged);
    };
    void view.prefetch(merged).then(make);
    setTimeout(make, CHANGE_WAIT_MS);
  };
  /** A header's click: its column, and the order turned round when it is the column sorted by already. */
  const sortBy = (column: SitesSearch['sort']) => {
    const now = { ...search, ...changeNow() };
    askFirst({ sort: column, desc: column === now.sort ? !now.desc : DESC_FIRST.has(column) }, false);
  };
  const changeView = (change: Partial<SitesSearch>) => {
    // A new filter is a new set of sites: what was selected in the old one is not carried over.
    if (!('sort' in change || 'desc' in change)) selection.clear();
    if (!('unit' in change) && !('q' in change)) return askFirst(change);
    // Another customer's list, or all sites: a change still waiting is not made on top of it.
    if ('unit' in change) lastChange.current++;
    onSearch(change);
  };
  const searchBox = useRef<HTMLInputElement>(null);
  const clearFilters = () => {
    query.reset('');
    selection.clear();
    // Cleared means cleared: a filter still waiting for its rows is not made afterwards.
    lastChange.current++;
    onSearch({ ...FILTER_DEFAULTS });
    // The button pressed is gone with the filters: the search box, the first of them, has the focus.
    searchBox.current?.focus();
  };

  return (
    <SiteActionsProvider unit={search.unit} onChanged={keepRow}>
      <div ref={frame} className={cn('space-y-3', docked && 'pb-48')}>
        {/* The count beside the title: the rows get the height (at least 12 rows at 1280×800). */}
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.title}</h1>
          <p className="text-sm text-muted-foreground" role="status">
            {view.loading ? null : filtered ? t.matchCount(view.total) : t.siteCount(view.total)}
            {search.unit ? ` · ${tb.viewingUnit({ unit: search.unit })}` : ''}
            {search.unit ? (
              <Button variant="link" size="inline" className="ml-2" onClick={() => changeView({ unit: undefined })}>
                {tb.showAll}
              </Button>
            ) : null}
          </p>
          {view.freshness ? <Freshness {...view.freshness} /> : null}
          {/* Beside the count, not in the filters' row, where it would narrow every filter's box. */}
          {filtered && layout === 'full' && !view.loading && view.total > 0 ? (
            <Button variant="link" size="inline" onClick={clearFilters}>
              {tb.clearFilters}
            </Button>
          ) : null}
        </div>
        <SitesToolbar
          search={shown}
          query={query.draft}
          onQuery={(q) => {
            selection.clear();
            query.change(q);
          }}
          onSearch={changeView}
          units={units}
          narrow={layout === 'narrow'}
          onAdd={() => setAdding(true)}
          onClear={clearFilters}
          searchBox={searchBox}
          table={view.table}
          onExport={() =>
            void view.allSites().then(
              (sites) => {
                const file = exportSites(sites, account);
                toast({ tone: 'success', title: tb.exported({ file }), description: t.siteCount(sites.length) });
              },
              (error: unknown) => {
                const text = errorText(error);
                toast({ tone: 'error', title: text.title, description: `${text.message} ${text.next}` });
              },
            )
          }
          shown={view.total}
        />
        {/* Before the page's width is known (its first commit), no table: it would render its rows
            once in a layout the width then changes (the Customer column, the narrow rows), in the same task. */}
        {view.loading || width === null ? (
          <SitesLoading />
        ) : view.total === 0 ? (
          <EmptySites
            kind={view.empty ? 'none' : 'noMatch'}
            unit={search.unit}
            onAdd={() => setAdding(true)}
            onClear={clearFilters}
          />
        ) : (
          <SitesTable
            table={view.table}
            rows={view.rows}
            onRange={view.onRange}
            label={search.unit ? t.unitTableLabel({ unit: search.unit }) : t.tableLabel}
            layout={layout}
            sideways={layout === 'full' && width !== null && width < FULL_TABLE_PX}
            sort={shown.sort}
            desc={shown.desc}
            onSort={sortBy}
            selected={selection.selected}
            onSelect={selection.toggle}
            onSelectAll={(all) => (all ? void selection.selectAll() : selection.clear())}
          />
        )}
        {docked ? (
          // Docked at the window's bottom (in a panel's frame, the bottom of the band the panel shows), so the
          // selection and a run's progress never push the table down; the page keeps room for it below.
          <div className="fixed inset-x-0 bottom-0 z-30 max-h-[60dvh] overflow-y-auto border-t border-border bg-background/95 p-3 shadow-lg lg:left-52 embed:top-[calc(var(--embed-view-top)+var(--embed-view-height))] embed:bottom-auto embed:left-0 embed:max-h-[calc(var(--embed-view-height)*0.6)] embed:-translate-y-full">
            <div className="mx-auto max-w-7xl space-y-2">
              {bulk.job ? (
                <BulkProgress
                  job={bulk.job}
                  onCancel={bulk.cancel}
                  onClose={bulk.dismiss}
                  stillScanning={stillScanning}
                  onRetry={() =>
                    void bulk.start(bulk.job?.action ?? { kind: 'scan' }, [...(bulk.job?.failed.keys() ?? [])])
                  }
                  onSendRest={() => void bulk.start(bulk.job?.action ?? { kind: 'scan' }, bulk.job?.notSent ?? [])}
                />
              ) : null}
              {selection.domains.length > 0 ? (
                <BulkBar
                  selected={selection.domains}
                  matching={view.total}
                  onSelectAll={() => void selection.selectAll()}
                  onClear={selection.clear}
                  onStart={(action, list) => void bulk.start(action, list)}
                  busy={bulk.job?.running ?? false}
                  unavailable={unavailable}
                />
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      <AddSitesDialog open={adding} onOpenChange={setAdding} />
    </SiteActionsProvider>
  );
}

const NONE_KEPT: ReadonlySet<string> = new Set();
/** A sort or filter the page asks for first (not the search text, not the unit: those change the address at once). */
type SearchChange = Partial<Omit<SitesSearch, 'unit' | 'q'>>;
const NO_CHANGE: SearchChange = {};
/** A change asked for on the address `on`, waiting for its rows. */
interface Pending {
  on: SitesSearch;
  change: SearchChange;
}

/** Columns whose first click sorts the largest first (most threats, latest scan). */
const DESC_FIRST = new Set(['threats', 'lastScan']);
