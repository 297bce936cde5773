/**
 * The sites table: rows virtualised (TanStack Virtual: a few dozen in the DOM
 * whatever the account's size), a sticky header whose buttons sort by any
 * column, and a roving focus over the rows: arrow keys, Home, End and Page
 * keys move between rows, Enter opens the site, Space selects (Shift+Space a
 * range). Controls inside a row keep their own keys.
 */
import { useStore } from '@nanostores/react';
import { useNavigate } from '@tanstack/react-router';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Site } from '../../../data/sites';
import { cn } from '../../../lib/cn';
import { sitesMessages } from '../messages';
import type { SortColumn } from '../model/sites-search';
import { SiteRow, type TableLayout } from './site-row';
import { columnLabel, SortHeader } from './sort-header';
import { useRowKeyBase } from './use-row-key-base';

interface SitesTableProps {
  rows: readonly Site[];
  label: string;
  layout: TableLayout;
  /** The Customer column is shown (a full layout wide enough for it). */
  customerColumn: boolean;
  sort: SortColumn;
  desc: boolean;
  onSort: (column: SortColumn) => void;
  selected: ReadonlySet<string>;
  onSelect: (index: number, range: boolean) => void;
  onSelectAll: (all: boolean) => void;
}

/** Row heights as the rows' CSS sets them (site-row.tsx): measured rows that match cost no re-render. */
const ROW_ESTIMATE: Record<TableLayout, number> = { full: 57, narrow: 64 };
const PAGE = 10;

const FULL_COLUMNS: { id: SortColumn; width: string; align?: 'right' }[] = [
  { id: 'domain', width: '' },
  { id: 'status', width: 'w-[6.75rem]' },
  { id: 'threats', width: 'w-[4.5rem]', align: 'right' },
  { id: 'lastScan', width: 'w-[5.5rem]' },
  { id: 'nextScan', width: 'w-[5.5rem]' },
  { id: 'firewall', width: 'w-[4.25rem]' },
  { id: 'cleanup', width: 'w-[4.25rem]' },
  { id: 'patching', width: 'w-[4.5rem]' },
  // Wide enough for the select with the longest period in every language ("Wöchentlich").
  { id: 'period', width: 'w-[9.5rem]' },
  { id: 'permissions', width: 'w-[5.75rem]' },
  { id: 'customer', width: 'w-[11rem]' },
];

export function SitesTable(props: SitesTableProps) {
  const { rows, layout, customerColumn, selected, onSelect } = props;
  const fullColumns = customerColumn ? FULL_COLUMNS : FULL_COLUMNS.filter((c) => c.id !== 'customer');
  const t = useStore(sitesMessages);
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const focusWanted = useRef<number | null>(null);
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));

  // The virtualiser re-renders this component itself; nothing here memoises its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE[layout],
    overscan: 4,
    // Keyed by position (useRowKeyBase): when a search changes which sites are
    // shown, the row components stay and take the new sites (an update), rather
    // than every row unmounting and mounting again; a row's size is measured
    // again if it changes. The row that has the focus stays in the DOM however
    // far it is scrolled.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        return indexes.includes(activeIndex) ? indexes : [...indexes, activeIndex].sort((a, b) => a - b);
      },
      [activeIndex],
    ),
  });

  const focusRow = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(rows.length - 1, index));
      setActive(target);
      focusWanted.current = target;
      virtualizer.scrollToIndex(target, { align: 'auto' });
    },
    [rows.length, virtualizer],
  );

  // After the wanted row has rendered: give it the focus.
  useEffect(() => {
    const wanted = focusWanted.current;
    if (wanted === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[aria-rowindex="${wanted + 2}"]`);
    if (row) {
      focusWanted.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const onRowKeyDown = useCallback(
    (e: KeyboardEvent<HTMLTableRowElement>, index: number) => {
      if (e.target !== e.currentTarget) return;
      const moves: Record<string, number> = {
        ArrowDown: index + 1,
        ArrowUp: index - 1,
        PageDown: index + PAGE,
        PageUp: index - PAGE,
        Home: 0,
        End: rows.length - 1,
      };
      const to = moves[e.key];
      if (to !== undefined) {
        e.preventDefault();
        focusRow(to);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        const domain = rows[index]?.domain;
        if (domain) void navigate({ to: '/sites/$domain', params: { domain } });
      } else if (e.key === ' ') {
        e.preventDefault();
        onSelect(index, e.shiftKey);
      }
    },
    [rows, focusRow, navigate, onSelect],
  );
  const onRowFocus = useCallback((index: number) => setActive(index), []);
  const onExpand = useCallback(
    (domain: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(domain)) next.add(domain);
        return next;
      }),
    [],
  );

  const items = virtualizer.getVirtualItems();
  const keyBase = useRowKeyBase(rows, virtualizer.range?.startIndex ?? 0, items.length);
  const total = virtualizer.getTotalSize();
  const padBottom = total - (items.at(-1)?.end ?? 0);
  const narrow = layout === 'narrow';
  const columns = narrow ? 4 : fullColumns.length + 2;
  // Nothing selected (the usual case, and after every keystroke in the search): no need to look at 10,000 rows.
  const allSelected = rows.length > 0 && selected.size >= rows.length && rows.every((s) => selected.has(s.domain));
  const someSelected = selected.size > 0 && !allSelected && rows.some((s) => selected.has(s.domain));

  return (
    // The table scrolls inside a box about a window tall. Embedded, the window is the
    // panel's iframe, sized to our content (docs/embedding.md, `resize`): a limit taken
    // from its height would raise itself with every resize, so there it is fixed.
    // `relative`: the rows' absolutely placed texts (sr-only) are clipped by the box
    // too, rather than reaching below it and lengthening the page (and the frame).
    <div
      ref={scrollRef}
      className="relative max-h-[max(22rem,calc(100dvh-15rem))] overflow-auto rounded-lg border border-border bg-surface embed:max-h-[36rem]"
    >
      <table
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        className={cn(
          'w-full table-fixed border-separate border-spacing-0 text-sm',
          !narrow && (customerColumn ? 'min-w-[73rem]' : 'min-w-[62rem]'),
        )}
      >
        <colgroup>
          <col className="w-9" />
          {narrow ? (
            <>
              <col />
              <col className="w-16" />
              <col className="w-14" />
            </>
          ) : (
            <>
              {fullColumns.map((c) => (
                <col key={c.id} className={c.width} />
              ))}
              {/* The row's menu button (36 px) and the cell's padding (8 + 12 px): it fits, so nothing scrolls sideways. */}
              <col className="w-14" />
            </>
          )}
        </colgroup>
        <thead>
          <tr
            aria-rowindex={1}
            className="[&>th]:sticky [&>th]:top-0 [&>th]:z-10 [&>th]:border-b [&>th]:border-border [&>th]:bg-surface"
          >
            <th scope="col" className="py-2 pr-2 pl-3 text-left">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                aria-label={t.selectAll}
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = someSelected;
                }}
                onChange={() => props.onSelectAll(!allSelected)}
              />
            </th>
            {narrow ? (
              <>
                <SortHeader id="domain" label={t.colDomain} sort={props.sort} desc={props.desc} onSort={props.onSort} />
                <th scope="col" className="px-2 py-2 text-left text-xs font-medium text-muted-foreground">
                  {t.colFirewall}
                </th>
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">{t.showDetails}</span>
                </th>
              </>
            ) : (
              <>
                {fullColumns.map((c) => (
                  <SortHeader
                    key={c.id}
                    id={c.id}
                    label={columnLabel(t, c.id)}
                    align={c.align}
                    sort={props.sort}
                    desc={props.desc}
                    onSort={props.onSort}
                  />
                ))}
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">{t.colActions}</span>
                </th>
              </>
            )}
          </tr>
        </thead>
        {items.flatMap((item, i) => {
          const site = rows[item.index];
          if (!site) return [];
          // The space of the rows not rendered before this one: above the first, and between the
          // focused row kept far away (rangeExtractor) and the rows in view. Without it the table
          // was shorter than the list, and a scroll far down bounced between two offsets each frame.
          const gap = item.start - (i === 0 ? 0 : (items[i - 1]?.end ?? 0));
          const row = (
            <SiteRow
              key={item.index - keyBase}
              site={site}
              index={item.index}
              layout={layout}
              customerColumn={customerColumn}
              selected={selected.has(site.domain)}
              active={item.index === activeIndex}
              expanded={expanded.has(site.domain)}
              onSelect={onSelect}
              onExpand={onExpand}
              onRowKeyDown={onRowKeyDown}
              onRowFocus={onRowFocus}
              measure={virtualizer.measureElement}
              columns={columns}
            />
          );
          return gap > 0
            ? [<Spacer key={i === 0 ? 'top' : `gap-${item.index - keyBase}`} height={gap} columns={columns} />, row]
            : [row];
        })}
        {padBottom > 0 ? <Spacer height={padBottom} columns={columns} /> : null}
      </table>
    </div>
  );
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tbody aria-hidden="true">
      <tr>
        <td colSpan={columns} style={{ height, padding: 0 }} />
      </tr>
    </tbody>
  );
}
