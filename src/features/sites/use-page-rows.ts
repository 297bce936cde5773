/**
 * Where the sites page's rows come from: the whole account's from the
 * server's read model, a window at a time (use-fleet-view.ts); one unit's
 * (a short list) from `sites_list?unit=`, sorted and filtered in the
 * browser (use-sites-view.ts). Both give the table the same things.
 */
import { useMemo } from 'react';
import type { Site } from '../../data/sites';
import { useSites } from '../../data/sites';
import { patchingValues, usePatchingStatesFor, type PatchingCarried } from '../../data/site-memory';
import type { SitesSearch } from '../../data/site-model/sites-search';
import { siteKey, type CustomerMap } from '../../data/workspace';
import { useFleetView } from './use-fleet-view';
import type { PartialList } from './use-selection';
import { useSitesView, type RowSource, type SitesTableModel } from './use-sites-view';

/** A view of at most this many rows may be wholly loaded (three windows and some). */
const WHOLE_AT_MOST = 400;

/** The customer (unit) a site is shared with, as the team's workspace knows it; null when none is known. */
export interface WithCustomer {
  unit: string | null;
}

export interface PageRows {
  table: SitesTableModel;
  rows: RowSource;
  onRange?: (start: number, end: number) => void;
  /** Asks for a changed view's first rows at once (the read model's; a unit's list is at hand). */
  prefetch?: (change: Partial<Omit<SitesSearch, 'unit' | 'q'>>) => Promise<void>;
  /** How many sites the view has (all of them, or those matching its filters). */
  total: number;
  /** The account (or the unit) has no site at all. */
  empty: boolean;
  /** Nothing to show yet: the rows are on their way. */
  loading: boolean;
  /** How fresh the rows are (the read model's; none for a unit's list, read from the API). */
  freshness: { asOf: number | null; refreshing: boolean; refreshError: string | null } | null;
  /** The view's sites by place, for the selection. */
  selectable: readonly string[] | PartialList;
  /** Every site of the view, in its order, with its customer (an export). */
  allSites: () => Promise<readonly (Site & WithCustomer)[]>;
}

export interface RowsInput {
  search: SitesSearch;
  /** The search box's text (the URL catches up with it when typing pauses). */
  query: string;
  /** The signed-in account (this page's patching changes are kept per account). */
  account: string | undefined;
  kept: ReadonlySet<string>;
  roomForCustomer: boolean;
  filtered: boolean;
}

/** One unit's sites, all of them at hand. */
export function useUnitRows({ search, query, account, kept, roomForCustomer }: RowsInput): PageRows {
  const { unit } = search;
  const { data: listed } = useSites(unit);
  const listedDomains = useMemo(() => listed.map((s) => s.domain), [listed]);
  // Patching as last set, asked for these sites (not the whole account's: it grows with the fleet).
  const { states } = usePatchingStatesFor(account, listedDomains);
  // Each site the unit's list names is shared with the unit: its customer; and its patching (null while
  // asked for): as the read model's rows carry theirs.
  const sites = useMemo(
    () =>
      listed.map((s): Site & PatchingCarried & { unit?: string } => {
        const known = states.get(siteKey(s.domain))?.state;
        return {
          ...s,
          unit,
          patching: known ? known.enabled : null,
          patchingSet: known ? { at: known.setAt, by: known.setBy } : null,
        };
      }),
    [listed, unit, states],
  );
  const patching = useMemo(() => patchingValues(states), [states]);
  const customers = useMemo<CustomerMap>(
    () => new Map(unit === undefined ? [] : sites.map((s) => [siteKey(s.domain), unit])),
    [sites, unit],
  );
  const view = useSitesView(sites, { ...search, q: query }, patching, kept, customers, roomForCustomer);
  const domains = useMemo(() => view.sites.map((s) => s.domain), [view.sites]);
  return {
    table: view.table,
    rows: view.source,
    total: view.sites.length,
    empty: sites.length === 0,
    loading: false,
    freshness: null,
    selectable: domains,
    // A customer's own list: each of its sites is shared with that customer.
    allSites: () => Promise.resolve(view.sites.map((site) => ({ ...site, unit: unit ?? null }))),
  };
}

/** The whole account's sites, a window at a time from the server's read model. */
export function useFleetRows({ search, query, kept, roomForCustomer, filtered }: RowsInput): PageRows {
  const { unit: _unit, ...rest } = search;
  const fleet = useFleetView({ ...rest, q: query }, kept, roomForCustomer);
  const { source, allDomains } = fleet;
  const selectable = useMemo<readonly string[] | PartialList>(() => {
    // Every row of the view loaded (a small view): the selection takes them at once, as a unit's list does.
    const whole: string[] = [];
    for (let i = 0; i < source.count && i < WHOLE_AT_MOST; i++) {
      const domain = source.at(i)?.original.domain;
      if (domain === undefined) break;
      whole.push(domain);
    }
    if (whole.length === source.count) return whole;
    return { at: (index) => source.at(index)?.original.domain, all: allDomains };
  }, [source, allDomains]);
  return {
    table: fleet.table,
    rows: source,
    onRange: fleet.onRange,
    prefetch: fleet.prefetch,
    total: fleet.total,
    empty: !filtered && fleet.total === 0,
    loading: fleet.loading,
    freshness: { asOf: fleet.asOf, refreshing: fleet.refreshing, refreshError: fleet.refreshError },
    selectable,
    allSites: fleet.allRows,
  };
}
