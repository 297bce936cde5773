/**
 * The sites table: rows virtualised (TanStack Virtual: a few dozen in the DOM
 * whatever the account's size), a sticky header whose buttons sort by any
 * column, and a roving focus over the rows: arrow keys, Home, End and Page
 * keys move between rows, Enter opens the site, Space selects (Shift+Space a
 * range). Controls inside a row keep their own keys.
 */
import { useStore } from '@nanostores/react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import { sitesMessages } from '../../../components/site/site-messages';
import type { SortColumn } from '../../../data/site-model/sites-search';
import type { RowSource, SitesTableModel } from '../use-sites-view';
import { SiteRow, type TableLayout } from './site-row';
import { SortHeader } from './sort-header';
import { LoadingRow, Spacer } from './table-spacers';
import { moveInRow, rememberOpened, takeOpened } from './row-focus';
import { usePageVirtualizer } from './use-page-virtualizer';
import { useRowKeyBase } from './use-row-key-base';

interface SitesTableProps {
  table: SitesTableModel;
  rows: RowSource;
  /** The rows in view changed (the places of the first and the last): their windows are asked for. */
  onRange?: (start: number, end: number) => void;
  label: string;
  layout: TableLayout;
  /** The full table is wider than its place (a panel of 800 px): it scrolls sideways there. */
  sideways?: boolean;
  sort: SortColumn;
  desc: boolean;
  onSort: (column: SortColumn) => void;
  selected: ReadonlySet<string>;
  onSelect: (index: number, range: boolean) => void;
  onSelectAll: (all: boolean) => void;
}

/** Row heights as the rows' CSS sets them (site-row.tsx): measured rows that match cost no re-render. */
const ROW_ESTIMATE: Record<TableLayout, number> = { full: 41, narrow: 57 };
const PAGE = 10;

export function SitesTable(props: SitesTableProps) {
  const { rows, layout, selected, onSelect, onRange } = props;
  const visible = props.table.getVisibleLeafColumns();
  // On a narrow screen the row shows the columns placed there; the rest go to its detail.
  const shown = layout === 'narrow' ? visible.filter((c) => c.columnDef.meta?.narrow === 'row') : visible;
  const t = useStore(sitesMessages);
  const keysId = useId();
  const navigate = useNavigate();
  const router = useRouter();
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [active, setActive] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const focusWanted = useRef<number | null>(null);
  const activeIndex = Math.min(active, Math.max(0, rows.count - 1));

  const virtualizer = usePageVirtualizer({
    count: rows.count,
    estimateSize: () => ROW_ESTIMATE[layout],
    listRef: scrollRef,
    headRef,
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
      const target = Math.max(0, Math.min(rows.count - 1, index));
      setActive(target);
      focusWanted.current = target;
      virtualizer.scrollToIndex(target, { align: 'auto' });
    },
    [rows.count, virtualizer],
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

  // Back from a site's page opened here: its row has the focus again (once the rows are there).
  const [opened] = useState(takeOpened);
  const returning = useRef(opened);
  useEffect(() => {
    const domain = returning.current;
    if (domain === null || rows.count === 0) return;
    const index = rows.indexOf(domain);
    // The view's rows are still loading: look again when they are in.
    if (index < 0 && rows.all === undefined && rows.at(0) === undefined) return;
    returning.current = null;
    if (index < 0) return;
    focusRow(index);
    // The shell moves the focus to a new page's heading once it has rendered: the row takes it back, once.
    const stop = router.subscribe('onRendered', () => {
      stop();
      scrollRef.current?.querySelector<HTMLElement>(`tr[aria-rowindex="${index + 2}"]`)?.focus({ preventScroll: true });
    });
    return stop;
  }, [rows, focusRow, router]);

  const onRowKeyDown = useCallback(
    (e: KeyboardEvent<HTMLTableRowElement>, index: number) => {
      if (moveInRow(e) || e.target !== e.currentTarget) return;
      const moves: Record<string, number> = {
        ArrowDown: index + 1,
        ArrowUp: index - 1,
        PageDown: index + PAGE,
        PageUp: index - PAGE,
        Home: 0,
        End: rows.count - 1,
      };
      const to = moves[e.key];
      if (to !== undefined) {
        e.preventDefault();
        focusRow(to);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        const domain = rows.at(index)?.original.domain;
        if (domain) {
          rememberOpened(domain);
          void navigate({ to: '/sites/$domain', params: { domain } });
        }
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
  // The rows in view (not the focused row kept far away): their windows are asked for.
  const [first, last] = [virtualizer.range?.startIndex ?? 0, virtualizer.range?.endIndex ?? 0];
  useEffect(() => onRange?.(first, last), [onRange, first, last]);
  const keyBase = useRowKeyBase(rows, rows.count, first, last, items.length);
  // Item positions count from the page's top (scrollMargin); the spacers from the table's.
  const margin = virtualizer.options.scrollMargin;
  const total = virtualizer.getTotalSize();
  const padBottom = total - ((items.at(-1)?.end ?? margin) - margin);
  const narrow = layout === 'narrow';
  const columns = shown.length + 2;
  // Nothing selected (the usual case, and after every keystroke in the search): no need to look at 10,000 rows.
  // Without every row at hand (the read model's windows), a selection as large as the view is all of it.
  const allSelected =
    rows.count > 0 && selected.size >= rows.count && (rows.all?.every((r) => selected.has(r.original.domain)) ?? true);
  const someSelected = selected.size > 0 && !allSelected;

  return (
    // One scroll, the page's: no box of its own height inside the scrolling page (it clipped expanded
    // rows on phones and in panels). The header sticks to the window's top; in a panel's frame (as tall
    // as its content) to the top of the band the panel shows. `overflow-x-clip` is no scroll container,
    // so the sticky header still follows the page. Only where the full table is wider than its place
    // does its box scroll sideways (and the header then stays at the table's top).
    <div
      ref={scrollRef}
      className={cn(
        'relative rounded-lg border border-border bg-surface',
        props.sideways ? 'overflow-x-auto' : 'overflow-x-clip',
      )}
    >
      <p id={keysId} className="sr-only">
        {t.tableKeys}
      </p>
      <table
        aria-label={props.label}
        aria-describedby={keysId}
        aria-rowcount={rows.count + 1}
        className={cn(
          'w-full table-fixed border-separate border-spacing-0 text-sm',
          !narrow && (shown.some((c) => c.id === 'customer') ? 'min-w-[73rem]' : 'min-w-[62rem]'),
        )}
      >
        <colgroup>
          <col className="w-9" />
          {shown.map((c) => (
            <col key={c.id} className={narrow && c.id === 'firewall' ? 'w-16' : c.columnDef.meta?.width} />
          ))}
          {/* The row's menu button (or a narrow row's detail button) and the cell's padding: nothing scrolls sideways. */}
          <col className={narrow ? 'w-14' : 'w-12'} />
        </colgroup>
        <thead ref={headRef}>
          <tr
            aria-rowindex={1}
            className="[&>th]:sticky [&>th]:top-0 [&>th]:z-10 [&>th]:border-b [&>th]:border-border [&>th]:bg-surface embed:[&>th]:top-(--embed-view-top)"
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
            {shown.map((c) => (
              <SortHeader
                key={c.id}
                id={c.id as SortColumn}
                label={c.columnDef.meta?.label(t) ?? c.id}
                align={c.columnDef.meta?.align}
                sort={props.sort}
                desc={props.desc}
                onSort={props.onSort}
              />
            ))}
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">{narrow ? t.showDetails : t.colActions}</span>
            </th>
          </tr>
        </thead>
        {items.flatMap((item, i) => {
          const row = rows.at(item.index);
          // The space of the rows not rendered before this one: above the first, and between the
          // focused row kept far away (rangeExtractor) and the rows in view. Without it the table
          // was shorter than the list, and a scroll far down bounced between two offsets each frame.
          const gap = item.start - (i === 0 ? margin : (items[i - 1]?.end ?? margin));
          const spacer =
            gap > 0
              ? [<Spacer key={i === 0 ? 'top' : `gap-${item.index - keyBase}`} height={gap} columns={columns} />]
              : [];
          if (!row) {
            // Its window is on its way: a row of the same height, so nothing moves when it comes.
            return [
              ...spacer,
              <LoadingRow
                key={item.index - keyBase}
                index={item.index}
                layout={layout}
                columns={columns}
                measure={virtualizer.measureElement}
              />,
            ];
          }
          const site = row.original;
          const line = (
            <SiteRow
              key={item.index - keyBase}
              row={row}
              cells={shown}
              index={item.index}
              layout={layout}
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
          return [...spacer, line];
        })}
        {padBottom > 0 ? <Spacer height={padBottom} columns={columns} /> : null}
      </table>
    </div>
  );
}
