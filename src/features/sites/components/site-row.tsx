/**
 * One site in the table: every column on a wide screen; on a narrow one (a
 * 360 px panel iframe) the domain with its status, the firewall switch, and
 * the rest in a row detail. A row is one `<tbody>`, so the virtualiser
 * measures it whole, detail and error note included.
 */
import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { memo, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ChevronDownIcon } from '../../../components/ui/icons';
import type { Site } from '../../../data/sites';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { sitesMessages } from '../messages';
import { threatsOf } from '../model/site-status';
import { CleanupSwitch, FirewallSwitch, PatchingSwitch, PeriodSelect, PermissionsButton } from './option-controls';
import { CustomerCell } from './customer-cell';
import { RowActions } from './row-actions';
import { ScanNowButton } from './scan-now-button';
import { RowErrorRow, ScanTime, StatusBadge } from './site-cells';

export type TableLayout = 'full' | 'narrow';

export interface SiteRowProps {
  site: Site;
  /** Position in the filtered, sorted list (0-based). */
  index: number;
  layout: TableLayout;
  /** The Customer column is shown. */
  customerColumn: boolean;
  selected: boolean;
  /** The row that takes the keyboard focus (roving tabindex). */
  active: boolean;
  expanded: boolean;
  onSelect: (index: number, range: boolean) => void;
  onExpand: (domain: string) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number) => void;
  onRowFocus: (index: number) => void;
  measure: (element: HTMLTableSectionElement | null) => void;
  /** The table's column count: an error note spans them all. */
  columns: number;
}

const cell = 'px-2 py-2 align-middle';

function Threats({ site }: { site: Site }) {
  const f = useStore(format);
  const threats = threatsOf(site);
  if (threats === null) return <span className="text-muted-foreground">–</span>;
  return (
    <span className={cn('tabular-nums', threats > 0 && 'font-semibold text-danger-text')}>{f.integer(threats)}</span>
  );
}

function DomainCell({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  return (
    <div className="min-w-0">
      <Link
        to="/sites/$domain"
        params={{ domain: site.domain }}
        tabIndex={-1}
        title={site.host !== site.domain ? t.punycode({ host: site.host }) : site.domain}
        className="block truncate font-medium text-foreground hover:text-link hover:underline"
      >
        {site.domain}
      </Link>
      {site.host !== site.domain ? (
        <span className="block truncate text-xs text-muted-foreground">{site.host}</span>
      ) : null}
    </div>
  );
}

export const SiteRow = memo(function SiteRow(props: SiteRowProps) {
  const { site, index, layout, selected, active, expanded, measure } = props;
  const t = useStore(sitesMessages);
  const narrow = layout === 'narrow';
  const detailId = `site-detail-${index}`;
  return (
    <tbody ref={measure} data-index={index}>
      <tr
        aria-rowindex={index + 2}
        tabIndex={active ? 0 : -1}
        data-domain={site.domain}
        onKeyDown={(e) => props.onRowKeyDown(e, index)}
        onFocus={() => props.onRowFocus(index)}
        className={cn(
          // Heights match the table's estimates (sites-table.tsx ROW_ESTIMATE); an error note makes a row taller.
          narrow ? 'h-16' : 'h-14',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring [&>td]:border-b [&>td]:border-border',
          selected ? 'bg-accent' : 'hover:bg-surface-muted',
        )}
      >
        <td className={cn(cell, 'pl-3')}>
          <input
            type="checkbox"
            className="size-4 accent-primary"
            aria-label={t.select({ domain: site.domain })}
            checked={selected}
            tabIndex={-1}
            onChange={() => undefined}
            onClick={(e) => props.onSelect(index, e.shiftKey)}
          />
        </td>
        <td className={cn(cell, 'max-w-0')}>
          <DomainCell site={site} />
          {narrow ? <StatusBadge site={site} className="mt-1" /> : null}
        </td>
        {narrow ? (
          <>
            <td className={cell}>
              <FirewallSwitch site={site} />
            </td>
            <td className={cn(cell, 'pr-3')}>
              <Button
                variant="ghost"
                size="iconSm"
                aria-label={t.details({ domain: site.domain })}
                aria-expanded={expanded}
                aria-controls={expanded ? detailId : undefined}
                onClick={() => props.onExpand(site.domain)}
              >
                <ChevronDownIcon className={cn('transition-transform', expanded && 'rotate-180')} />
              </Button>
            </td>
          </>
        ) : (
          <>
            <td className={cell}>
              <StatusBadge site={site} />
            </td>
            <td className={cn(cell, 'text-right')}>
              <Threats site={site} />
            </td>
            <td className={cell}>
              <ScanTime seconds={site.scanreport?.date} empty={t.never} />
            </td>
            <td className={cell}>
              <ScanTime seconds={site.nextscan} empty={t.periodOff} />
            </td>
            <td className={cell}>
              <FirewallSwitch site={site} />
            </td>
            <td className={cell}>
              <CleanupSwitch site={site} />
            </td>
            <td className={cell}>
              <PatchingSwitch site={site} />
            </td>
            <td className={cell}>
              <PeriodSelect site={site} />
            </td>
            <td className={cell}>
              <PermissionsButton site={site} />
            </td>
            {props.customerColumn ? (
              <td className={cell}>
                <CustomerCell domain={site.domain} />
              </td>
            ) : null}
            <td className={cn(cell, 'pr-3 text-right')}>
              <RowActions site={site} />
            </td>
          </>
        )}
      </tr>
      {/* A failed change is said under its row, the row's whole width: near the control, not squeezed into a cell. */}
      <RowErrorRow domain={site.domain} columns={props.columns} />
      {narrow && expanded ? <RowDetail site={site} id={detailId} /> : null}
    </tbody>
  );
});

/** The columns a narrow screen leaves out, under the row. */
function RowDetail({ site, id }: { site: Site; id: string }) {
  const t = useStore(sitesMessages);
  const item = 'flex min-h-10 items-center justify-between gap-3';
  return (
    <tr id={id} className="bg-surface-muted [&>td]:border-b [&>td]:border-border">
      <td colSpan={4} className="px-3 py-3">
        <dl className="space-y-1 text-sm">
          <div className={item}>
            <dt className="text-muted-foreground">{t.colThreats}</dt>
            <dd>
              <Threats site={site} />
            </dd>
          </div>
          <div className={item}>
            <dt className="text-muted-foreground">{t.colLastScan}</dt>
            <dd className="text-right">
              <ScanTime seconds={site.scanreport?.date} empty={t.never} />
            </dd>
          </div>
          <div className={item}>
            <dt className="text-muted-foreground">{t.colNextScan}</dt>
            <dd className="text-right">
              <ScanTime seconds={site.nextscan} empty={t.periodOff} />
            </dd>
          </div>
          <div className={item}>
            <dt className="text-muted-foreground">{t.colCleanup}</dt>
            <dd>
              <CleanupSwitch site={site} />
            </dd>
          </div>
          <div className={item}>
            <dt className="text-muted-foreground">{t.colPatching}</dt>
            <dd>
              <PatchingSwitch site={site} />
            </dd>
          </div>
          <div className={item}>
            <dt className="text-muted-foreground">{t.colPeriod}</dt>
            <dd>
              <PeriodSelect site={site} />
            </dd>
          </div>
          <div className={item}>
            <dt className="text-muted-foreground">{t.colPermissions}</dt>
            <dd>
              <PermissionsButton site={site} />
            </dd>
          </div>
          <div className={item}>
            <dt className="text-muted-foreground">{t.colCustomer}</dt>
            <dd className="min-w-0 text-right">
              <CustomerCell domain={site.domain} />
            </dd>
          </div>
        </dl>
        <div className="mt-3 flex items-center justify-between gap-2">
          <ScanNowButton site={site} size="sm" />
          <RowActions site={site} />
        </div>
      </td>
    </tr>
  );
}
