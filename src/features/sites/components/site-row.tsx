/**
 * One site in the table, its cells drawn from the columns' definitions
 * (site-columns.tsx): every shown column on a wide screen; on a narrow one (a
 * 360 px panel iframe) the domain with its status, the firewall switch, and
 * the other shown columns in a row detail. A row is one `<tbody>`, so the
 * virtualiser measures it whole, detail and error note included.
 */
import { useStore } from '@nanostores/react';
import { FlexRender, type Column } from '@tanstack/react-table';
import { memo, useRef, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ChevronDownIcon } from '../../../components/ui/icons';
import type { Site } from '../../../data/sites';
import { cn } from '../../../lib/cn';
import { sitesMessages } from '../../../components/site/site-messages';
import type { SitesRow } from '../use-sites-view';
import { RowActions } from './row-actions';
import { rememberOpened, useNoTabStops } from './row-focus';
import { ScanNowButton } from '../../../components/site/scan-now-button';
import { RowErrorRow, StatusBadge } from '../../../components/site/site-cells';
import type { SitesFeatures } from './table-model';

export type TableLayout = 'full' | 'narrow';

type SiteColumnModel = Column<SitesFeatures, Site, unknown>;

export interface SiteRowProps {
  row: SitesRow;
  /** The columns shown in the row itself (the visible ones; on a narrow screen, those placed in the row). */
  cells: readonly SiteColumnModel[];
  /** Position in the filtered, sorted list (0-based). */
  index: number;
  layout: TableLayout;
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

const cell = 'px-2 py-1 align-middle';

export const SiteRow = memo(function SiteRow(props: SiteRowProps) {
  const { row, cells, index, layout, selected, active, expanded, measure } = props;
  const site = row.original;
  const t = useStore(sitesMessages);
  const narrow = layout === 'narrow';
  const detailId = `site-detail-${index}`;
  const byId = row.getVisibleCellsByColumnId();
  const shownIds = new Set(cells.map((c) => c.id));
  const line = useRef<HTMLTableRowElement>(null);
  useNoTabStops(line);
  return (
    <tbody ref={measure} data-index={index}>
      <tr
        ref={line}
        aria-rowindex={index + 2}
        tabIndex={active ? 0 : -1}
        data-domain={site.domain}
        onKeyDown={(e) => props.onRowKeyDown(e, index)}
        onFocus={() => props.onRowFocus(index)}
        // A click on the site's name or "Open site page" leaves from this row.
        onClickCapture={(e) => {
          if ((e.target as HTMLElement).closest('a[href^="/sites/"]')) rememberOpened(site.domain);
        }}
        className={cn(
          // Heights match the table's estimates (sites-table.tsx ROW_ESTIMATE); an error note makes a row taller.
          narrow ? 'h-14' : 'h-10',
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
        {cells.map((column) => {
          const content = byId[column.id];
          return (
            <td
              key={column.id}
              className={cn(
                cell,
                column.id === 'domain' && 'max-w-0',
                column.columnDef.meta?.align === 'right' && 'text-right',
              )}
            >
              {content ? <FlexRender cell={content} /> : null}
              {narrow && column.id === 'domain' ? <StatusBadge site={site} className="mt-1" /> : null}
            </td>
          );
        })}
        <td className={cn(cell, 'pr-3 text-right')}>
          {narrow ? (
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
          ) : (
            <RowActions site={site} />
          )}
        </td>
      </tr>
      {/* A failed change is said under its row, the row's whole width: near the control, not squeezed into a cell. */}
      <RowErrorRow domain={site.domain} columns={props.columns} />
      {narrow && expanded ? <RowDetail row={row} id={detailId} columns={props.columns} skip={shownIds} /> : null}
    </tbody>
  );
});

/** The site's details on a narrow screen: every column the row leaves out (the status is under the name already). */
function RowDetail({ row, id, columns, skip }: { row: SitesRow; id: string; columns: number; skip: Set<string> }) {
  const t = useStore(sitesMessages);
  const item = 'flex min-h-10 items-center justify-between gap-3';
  const rest = row.getAllCells().filter((c) => !skip.has(c.column.id) && c.column.id !== 'status');
  return (
    <tr id={id} className="bg-surface-muted [&>td]:border-b [&>td]:border-border">
      <td colSpan={columns} className="px-3 py-3">
        <dl className="space-y-1 text-sm">
          {rest.map((c) => (
            <div key={c.column.id} className={item}>
              <dt className="text-muted-foreground">{c.column.columnDef.meta?.label(t)}</dt>
              <dd className="text-right">
                <FlexRender cell={c} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 flex items-center justify-between gap-2">
          <ScanNowButton site={row.original} size="sm" />
          <RowActions site={row.original} />
        </div>
      </td>
    </tr>
  );
}
