import { useStore } from '@nanostores/react';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { DownloadIcon, FilterIcon, PlusIcon, SearchIcon } from '../../../components/ui/more-icons';
import { Select } from '../../../components/ui/select';
import type { UnitEntry } from '../../../data/units-directory';
import { cn } from '../../../lib/cn';
import { sitesMessages } from '../../../components/site/site-messages';
import { activeChoiceFilters } from '../../../data/site-model/site-filters';
import { STATUSES } from '../../../data/site-model/site-status';
import { isFiltered } from '../../../data/site-model/site-filters';
import type { SitesSearch, SortColumn } from '../../../data/site-model/sites-search';
import { sitesToolbarMessages } from '../toolbar-messages';
import type { SitesTableModel } from '../use-sites-view';
import { ColumnsMenu } from './columns-menu';
import { FindCustomerDialog } from './find-customer-dialog';
import { statusLabel } from '../../../components/site/site-cells';

/**
 * A choice in the Customer filter between a customer's sites and the account's mounts the page anew
 * (./sites-page.tsx): the new page's filter takes the focus its choice had. Set at a choice, cleared
 * by the filter that takes the focus, or that had the choice without being made anew.
 */
const choiceFocus = { pending: false };

interface SitesToolbarProps {
  search: SitesSearch;
  /** The search box's text (ahead of the URL while typing). */
  query: string;
  onQuery: (q: string) => void;
  onSearch: (change: Partial<SitesSearch>) => void;
  /** Every customer, or null when the directory is too large to list in the Customer filter. */
  units: readonly UnitEntry[] | null;
  narrow: boolean;
  onAdd: () => void;
  onExport: () => void;
  /** Resets every filter (the search too; not the sort, nor the customer). */
  onClear: () => void;
  /** The search box: where the focus goes when the filters are cleared and their Clear button is gone. */
  searchBox: Ref<HTMLInputElement>;
  shown: number;
  table: SitesTableModel;
}

/** Search, filters (and sort, on a narrow screen), Add sites and Export; every value lives in the URL. */
export function SitesToolbar(props: SitesToolbarProps) {
  const { search, onSearch, units, narrow, onAdd, onExport, shown, table, searchBox } = props;
  const t = useStore(sitesToolbarMessages);
  const s = useStore(sitesMessages);
  // Open when the page is made anew by a choice in the Customer filter (narrow: it is in this panel).
  const [filtersOpen, setFiltersOpen] = useState(() => choiceFocus.pending);
  const filtersId = useId();
  const active = activeChoiceFilters(search);
  const anyFilter = isFiltered({ ...search, q: props.query });
  // Wide: the filters share one row in equal parts.
  const wide = 'lg:w-0 lg:min-w-0 lg:flex-1';
  // The Customer filter reads only its own props: a keystroke in the search box (a new toolbar) does not
  // make its options anew, one per customer (1,646 in the 10,000-site demo, about 16,000 at 100,000).
  const latestSearch = useRef(onSearch);
  useLayoutEffect(() => {
    latestSearch.current = onSearch;
  });
  const chooseCustomer = useCallback((change: Partial<SitesSearch>) => latestSearch.current(change), []);

  const filters = (
    <div
      id={filtersId}
      className={cn(
        'grid gap-2 sm:grid-cols-2 lg:flex lg:flex-nowrap lg:items-center',
        narrow && !filtersOpen && 'hidden',
      )}
    >
      <Select
        aria-label={t.status}
        value={search.status}
        onValueChange={(status) => onSearch({ status })}
        options={[
          { value: 'any' as const, label: t.statusAny },
          // "Never scanned" is the scans filter's (with overdue scans): one place to find it.
          ...STATUSES.filter((v) => v !== 'never' || search.status === 'never').map((v) => ({
            value: v,
            label: statusLabel(s, v),
          })),
        ]}
        className={wide}
      />
      <Select
        aria-label={t.firewall}
        value={search.firewall}
        onValueChange={(firewall) => onSearch({ firewall })}
        options={[
          { value: 'any' as const, label: t.firewallAny },
          { value: 'on' as const, label: t.firewallOn },
          { value: 'off' as const, label: t.firewallOff },
        ]}
        className={wide}
      />
      <Select
        aria-label={t.cleanup}
        value={search.cleanup}
        onValueChange={(cleanup) => onSearch({ cleanup })}
        options={[
          { value: 'any' as const, label: t.cleanupAny },
          { value: 'on' as const, label: t.cleanupOn },
          { value: 'off' as const, label: t.cleanupOff },
        ]}
        className={wide}
      />
      <Select
        aria-label={t.period}
        value={search.period}
        onValueChange={(period) => onSearch({ period })}
        options={[
          { value: 'any' as const, label: t.periodAny },
          { value: 'month' as const, label: s.periodMonth },
          { value: 'week' as const, label: s.periodWeek },
          { value: 'day' as const, label: s.periodDay },
          { value: 'off' as const, label: t.periodOff },
        ]}
        className={wide}
      />
      <Select
        aria-label={t.scans}
        value={search.scan}
        onValueChange={(scan) => onSearch({ scan })}
        options={[
          { value: 'any' as const, label: t.scansAny },
          { value: 'due' as const, label: t.scansDue },
        ]}
        className={wide}
      />
      <CustomerFilter
        units={units}
        unit={search.unit}
        customer={search.customer}
        onSearch={chooseCustomer}
        className={wide}
      />
      {narrow ? (
        <div className="flex gap-2">
          <Select<SortColumn>
            aria-label={t.sort}
            value={search.sort}
            onValueChange={(sort) => onSearch({ sort })}
            options={table.getAllLeafColumns().map((c) => ({
              value: c.id as SortColumn,
              label: t.sortOption({ column: c.columnDef.meta?.label(s) ?? c.id }),
            }))}
            className="min-w-0 flex-1"
          />
          <Select<'asc' | 'desc'>
            aria-label={t.sortDirection}
            value={search.desc ? 'desc' : 'asc'}
            onValueChange={(dir) => onSearch({ desc: dir === 'desc' })}
            options={[
              { value: 'asc', label: t.ascending },
              { value: 'desc', label: t.descending },
            ]}
            className="w-36"
          />
        </div>
      ) : null}
      {/* In the narrow layout's filters; the full layout has it beside the count (sites-page.tsx). */}
      {anyFilter && shown > 0 && narrow ? (
        <Button variant="link" size="inline" className="justify-self-start lg:shrink-0" onClick={props.onClear}>
          {t.clearFilters}
        </Button>
      ) : null}
    </div>
  );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-64">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label={t.search}
            placeholder={t.searchPlaceholder}
            ref={searchBox}
            value={props.query}
            maxLength={200}
            onChange={(e) => props.onQuery(e.currentTarget.value)}
            className="pl-9"
          />
        </div>
        {narrow ? (
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <FilterIcon />
            {t.filters}
            {active > 0 ? <span className="text-xs text-muted-foreground">({t.activeFilters(active)})</span> : null}
          </Button>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={onAdd}>
            <PlusIcon />
            {t.addSites}
          </Button>
          <Button variant="secondary" onClick={onExport} disabled={shown === 0} title={t.exportTitle(shown)}>
            <DownloadIcon />
            {t.exportCsv}
          </Button>
          {narrow ? null : <ColumnsMenu table={table} />}
        </div>
      </div>
      {filters}
    </div>
  );
}

interface CustomerFilterProps {
  /** Every customer, or null when the directory is too large to list (the filter then finds one). */
  units: readonly UnitEntry[] | null;
  unit: SitesSearch['unit'];
  customer: SitesSearch['customer'];
  /** Stable: the filter is drawn again only when the directory or its value changes. */
  onSearch: (change: Partial<SitesSearch>) => void;
  className: string;
}

/**
 * One Customer filter: every site, those with or without a customer the workspace knows (`customer=`),
 * or one customer's sites (`unit=`, asked of the service). ':' starts no e-mail address. A directory
 * too large to list (`units` null) offers "Find a customer…", a search of it, instead of its customers.
 */
const CustomerFilter = memo(function CustomerFilter({
  units,
  unit,
  customer,
  onSearch,
  className,
}: CustomerFilterProps) {
  const t = useStore(sitesToolbarMessages);
  const [finding, setFinding] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => {
    if (!choiceFocus.pending) return;
    choiceFocus.pending = false;
    select.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    choiceFocus.pending = false;
  }, [unit, customer]);
  const choose = (change: Partial<SitesSearch>) => {
    if (change.unit === unit && change.customer === customer) return;
    choiceFocus.pending = true;
    onSearch(change);
  };
  const options = useMemo(
    () => [
      { value: '', label: t.unitAll },
      { value: ':known', label: t.customersKnown },
      { value: ':none', label: t.customersNone },
      ...(units ?? []).map((u) => ({ value: u.email, label: u.email })),
      ...(unit && !(units ?? []).some((u) => u.email === unit) ? [{ value: unit, label: unit }] : []),
      ...(units === null ? [{ value: ':find', label: t.findCustomerChoice }] : []),
    ],
    [t, units, unit],
  );
  return (
    <>
      <Select
        ref={select}
        aria-label={t.unit}
        title={t.unitHint}
        value={unit ?? (customer === 'any' ? '' : `:${customer}`)}
        onValueChange={(value) =>
          value === ':find'
            ? setFinding(true)
            : value === ':known' || value === ':none'
              ? choose({ unit: undefined, customer: value === ':known' ? 'known' : 'none' })
              : choose({ unit: value === '' ? undefined : value, customer: 'any' })
        }
        options={options}
        className={className}
      />
      <FindCustomerDialog
        open={finding}
        onOpenChange={setFinding}
        onChoose={(email) => {
          setFinding(false);
          choose({ unit: email, customer: 'any' });
        }}
      />
    </>
  );
});
