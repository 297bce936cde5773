/**
 * The sites table's columns, each defined once: its header words and width,
 * its cell, how it sorts and what filter narrows it. The table draws its
 * headers, its rows and a narrow row's detail from these, and TanStack Table
 * filters, sorts and hides columns with them (table-model.ts has the features).
 */
import { useStore } from '@nanostores/react';
import { PlainLink } from '../../../components/ui/plain-link';
import type { ColumnDef, Row } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Site } from '../../../data/sites';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { sitesMessages } from '../../../components/site/site-messages';
import { statusOf, threatsOf } from '../../../data/site-model/site-status';
import { matchesOnOff, matchesPeriod, matchesScan } from '../../../data/site-model/site-filters';
import {
  CUSTOMER_FILTERS,
  ON_OFF_FILTERS,
  PERIOD_FILTERS,
  SCAN_FILTERS,
  STATUS_FILTERS,
  type SortColumn,
} from '../../../data/site-model/sites-search';
import {
  CleanupSwitch,
  FirewallSwitch,
  PatchingSwitch,
  PeriodSelect,
  PermissionsButton,
} from '../../../components/site/option-controls';
import { ScanTime, StatusBadge } from '../../../components/site/site-cells';
import { CustomerCell, rowCustomer } from './customer-cell';
import { siteHref } from './row-hrefs';
import type { OrderedSites, SitesFeatures } from './table-model';

type SiteColumn = ColumnDef<SitesFeatures, Site> & { id: SortColumn };
type SiteRowModel = Row<SitesFeatures, Site>;

/** Columns hidden until the user shows them (the Columns menu): the permissions bitmask says little at a glance. */
export const HIDDEN_BY_DEFAULT: Readonly<Partial<Record<SortColumn, false>>> = { permissions: false };
/** Where the table has no room for the Customer column beside a whole site name, it waits in the Columns menu too. */
export const HIDDEN_WHEN_NARROW: Readonly<Partial<Record<SortColumn, false>>> = { permissions: false, customer: false };

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && list.some((v) => v === value);

function Threats({ site }: { site: Site }) {
  const f = useStore(format);
  const threats = threatsOf(site);
  if (threats === null) return <span className="text-muted-foreground">–</span>;
  return (
    <span className={cn('tabular-nums', threats > 0 && 'font-semibold text-danger-text')}>{f.integer(threats)}</span>
  );
}

/** The site's name, whole where the column allows (its full name on hover), and its punycode under an IDN. */
function DomainCell({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  return (
    <div className="min-w-0 leading-tight">
      <PlainLink
        href={siteHref(site.domain)}
        to={{ to: '/sites/$domain', params: { domain: site.domain } }}
        tabIndex={-1}
        title={site.host !== site.domain ? t.punycode({ host: site.host }) : site.domain}
        className="block truncate font-medium text-foreground hover:text-link hover:underline"
      >
        {site.domain}
      </PlainLink>
      {site.host !== site.domain ? (
        <span className="block truncate text-xs text-muted-foreground">{site.host}</span>
      ) : null}
    </div>
  );
}

type CellProps = { row: SiteRowModel };

/**
 * Each column's cell, made once: React sees the same component at every
 * render (columns are made anew with each list), so a cell's controls keep
 * their state and the focus when the list changes.
 */
const cells: Record<SortColumn, (props: CellProps) => ReactNode> = {
  domain: ({ row }) => <DomainCell site={row.original} />,
  status: ({ row }) => <StatusBadge site={row.original} />,
  threats: ({ row }) => <Threats site={row.original} />,
  lastScan: ({ row }) => <LastScan site={row.original} />,
  nextScan: ({ row }) => <NextScan site={row.original} />,
  firewall: ({ row }) => <FirewallSwitch site={row.original} />,
  cleanup: ({ row }) => <CleanupSwitch site={row.original} />,
  patching: ({ row }) => <PatchingSwitch site={row.original} />,
  period: ({ row }) => <PeriodSelect site={row.original} compact />,
  permissions: ({ row }) => <PermissionsButton site={row.original} />,
  customer: ({ row }) => <CustomerCell customer={rowCustomer(row.original)} />,
};

/**
 * The columns over an ordered list (`orderSites`, made for the sorted column):
 * the sorted row model compares places, and finds the rows already in order
 * (one pass rather than a sort with the collator at every keystroke); a
 * descending sort turns them round, equal sites staying in the list's order.
 * The search compares the precomputed names. A site in `kept` passes every
 * filter: a row just changed stays in view until the user moves on.
 */
export function sitesColumns(ordered: OrderedSites, kept: ReadonlySet<string> = new Set()): SiteColumn[] {
  const { places, names, hasCustomer } = ordered;
  // No value is undefined here: the sort need not read values to find out.
  const sorted = {
    sortFn: (a: SiteRowModel, b: SiteRowModel) => (places[a.index] ?? 0) - (places[b.index] ?? 0),
    sortUndefined: false,
  } as const;
  const keep = (row: SiteRowModel) => kept.has(row.original.domain);
  return [
    {
      id: 'domain',
      accessorFn: (s) => s.domain,
      filterFn: (row, _id, query) => typeof query !== 'string' || (names[row.index] ?? '').includes(query) || keep(row),
      enableHiding: false,
      cell: cells.domain,
      meta: { label: (t) => t.colDomain, width: '', narrow: 'row' },
      ...sorted,
    },
    {
      id: 'status',
      accessorFn: (s) => statusOf(s),
      filterFn: (row, _id, value) =>
        !oneOf(STATUS_FILTERS, value) || value === 'any' || statusOf(row.original) === value || keep(row),
      cell: cells.status,
      meta: { label: (t) => t.colStatus, width: 'w-[7.25rem]' },
      ...sorted,
    },
    {
      id: 'threats',
      accessorFn: (s) => threatsOf(s) ?? -1,
      cell: cells.threats,
      meta: { label: (t) => t.colThreats, width: 'w-[4.5rem]', align: 'right' },
      ...sorted,
    },
    {
      id: 'lastScan',
      accessorFn: (s) => s.scanreport?.date ?? 0,
      filterFn: (row, _id, value) => !oneOf(SCAN_FILTERS, value) || matchesScan(row.original, value) || keep(row),
      cell: cells.lastScan,
      meta: { label: (t) => t.colLastScan, width: 'w-[5.25rem]' },
      ...sorted,
    },
    {
      id: 'nextScan',
      accessorFn: (s) => s.nextscan,
      cell: cells.nextScan,
      meta: { label: (t) => t.colNextScan, width: 'w-[5.25rem]' },
      ...sorted,
    },
    {
      id: 'firewall',
      accessorFn: (s) => s.firewallstatus,
      filterFn: (row, _id, value) =>
        !oneOf(ON_OFF_FILTERS, value) || matchesOnOff(row.original.firewallstatus, value) || keep(row),
      cell: cells.firewall,
      meta: { label: (t) => t.colFirewall, width: 'w-[4.25rem]', narrow: 'row' },
      ...sorted,
    },
    {
      id: 'cleanup',
      accessorFn: (s) => s.autotreatment,
      filterFn: (row, _id, value) =>
        !oneOf(ON_OFF_FILTERS, value) || matchesOnOff(row.original.autotreatment, value) || keep(row),
      cell: cells.cleanup,
      meta: { label: (t) => t.colCleanup, width: 'w-[4.5rem]' },
      ...sorted,
    },
    // The API does not report it: ordered by this dashboard's memory (orderSites), the value is the site.
    {
      id: 'patching',
      accessorFn: (s) => s.domain,
      cell: cells.patching,
      meta: { label: (t) => t.colPatching, width: 'w-[4.75rem]' },
      ...sorted,
    },
    {
      id: 'period',
      accessorFn: (s) => s.scanperiod,
      filterFn: (row, _id, value) => !oneOf(PERIOD_FILTERS, value) || matchesPeriod(row.original, value) || keep(row),
      cell: cells.period,
      // Wide enough for the compact select with the longest period in every language ("Wöchentlich").
      meta: { label: (t) => t.colPeriod, width: 'w-[7.5rem]' },
      ...sorted,
    },
    {
      id: 'permissions',
      accessorFn: (s) => s.permissions,
      cell: cells.permissions,
      meta: { label: (t) => t.colPermissions, width: 'w-[6rem]' },
      ...sorted,
    },
    {
      // Sorted by the customer's e-mail (orderSites; sites without one last), filtered by known or not.
      id: 'customer',
      accessorFn: (s) => s.domain,
      filterFn: (row, _id, value) =>
        !oneOf(CUSTOMER_FILTERS, value) ||
        value === 'any' ||
        (hasCustomer[row.index] === 1) === (value === 'known') ||
        keep(row),
      cell: cells.customer,
      meta: { label: (t) => t.colCustomer, width: 'w-44' },
      ...sorted,
    },
  ];
}

function LastScan({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  return <ScanTime seconds={site.scanreport?.date} empty={t.never} oneLine />;
}

function NextScan({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  return <ScanTime seconds={site.nextscan} empty={t.periodOff} oneLine />;
}
