/**
 * The 30-day firewall chart (spec §2.10, issue 8), shared by the site page,
 * the overview and the printable report.
 *
 * How to use:
 *
 *   import { FirewallChart } from '../components/charts/firewall-chart';
 *   import { firewallDays, sumFirewallDays } from '../components/charts/firewall-days';
 *
 *   <FirewallChart days={firewallDays(site.fwhistory)} subject={site.domain} />
 *   <FirewallChart days={sumFirewallDays(sites.map((s) => s.fwhistory))} subject={t.allSites} />
 *
 * `days` is a plain array of day records (oldest first, `counts: null` for a
 * day without data); `subject` says whose traffic it is (a domain, "all
 * sites") in the accessible names, the table's caption and the CSV's name.
 * It draws stacked bars per day by attack class with unique IPs blocked as a
 * line, allowed requests in a panel of their own, days without data as
 * labelled gaps (never zeros), totals per class, a table view with the same
 * numbers (the toggle) and a CSV download. `printable` leaves out the
 * controls. Recharts is in `firewall-chart-graphic.tsx`, loaded with
 * React.lazy only when a chart is shown: importing this module costs no
 * Recharts (never in the entry or the login chunk).
 */
import { useStore } from '@nanostores/react';
import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { format } from '../../i18n/format';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DownloadIcon } from '../ui/more-icons';
import { chartMessages } from './chart-messages';
import { CLASS_COLOURS, LINE_COLOURS, Swatch } from './chart-colours';
import {
  ATTACK_CLASSES,
  COUNT_KEYS,
  dayTime,
  firewallCsv,
  firewallTotals,
  isoDay,
  type FirewallDay,
} from './firewall-days';
import './charts.css';

const importGraphic = () => import('./firewall-chart-graphic');
const LazyGraphic = lazy(importGraphic);
/** The graphic once preloaded: drawn at once, with no fallback first (React shows a fallback for at least 300 ms). */
let loadedGraphic: (typeof import('./firewall-chart-graphic'))['default'] | null = null;

/** Loads the chart's code ahead of its data (the overview's loader), so the chart draws as soon as its days are known. */
export function preloadFirewallChart(): Promise<void> {
  return importGraphic().then((m) => {
    loadedGraphic = m.default;
  });
}

export type FirewallView = 'chart' | 'table';

export interface FirewallChartProps {
  days: readonly FirewallDay[];
  /** Whose traffic: a domain, or "all sites". */
  subject: string;
  /** The heading; default "Firewall, last 30 days". */
  title?: string;
  headingLevel?: 2 | 3;
  /** For the printed report: chart and totals, no toggle, no download. */
  printable?: boolean;
  /** The view, when the page keeps it (in the URL); otherwise the chart, switched here. */
  view?: FirewallView;
  onViewChange?: (view: FirewallView) => void;
  /** Height of the attacks panel in px. */
  height?: number;
  className?: string;
}

export function FirewallChart({
  days,
  subject,
  title,
  headingLevel = 2,
  printable = false,
  view: controlledView,
  onViewChange,
  height = 260,
  className,
}: FirewallChartProps) {
  const t = useStore(chartMessages);
  const f = useStore(format);
  const [ownView, setOwnView] = useState<FirewallView>('chart');
  const view = printable ? 'chart' : (controlledView ?? ownView);
  const setView = (next: FirewallView) => {
    setOwnView(next);
    onViewChange?.(next);
  };
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const totals = firewallTotals(days);
  const first = days[0];
  const last = days.at(-1);
  const range = {
    subject,
    from: first ? f.date(dayTime(first.date), { dateStyle: 'medium', timeZone: 'UTC' }) : '',
    to: last ? f.date(dayTime(last.date), { dateStyle: 'medium', timeZone: 'UTC' }) : '',
  };
  // Printed, the chart is part of the page, not a card on it (cn has no tailwind-merge: classes stay disjoint).
  const Frame = printable ? 'section' : Card;
  const allEmpty = days.length > 0 && totals.noData === days.length;
  const FirewallGraphic = loadedGraphic ?? LazyGraphic;

  const download = () => {
    const csv = firewallCsv(days, {
      date: t.date,
      allowed: t.allowed,
      blocked: t.blocked,
      dos: t.dos,
      injection: t.injection,
      uploads: t.uploads,
      other: t.other,
      uniqueIps: t.uniqueIps,
    });
    const name = `firewall-${subject.replace(/[^\p{L}\p{N}.-]+/gu, '-')}-${first ? isoDay(first.date) : ''}-${last ? isoDay(last.date) : ''}.csv`;
    downloadText(name, csv);
  };

  return (
    <Frame
      className={cn(
        'print:break-inside-avoid',
        !printable && 'p-4 print:border-0 print:p-0 print:shadow-none',
        className,
      )}
      aria-labelledby={headingId}
      role="region"
      data-testid="firewall-chart"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={headingId} className="text-base font-semibold text-foreground">
            {title ?? t.firewallTitle}
          </Heading>
          <p className="text-sm text-muted-foreground">
            {range.from} – {range.to}. {t.timeZone}
          </p>
        </div>
        {printable || days.length === 0 ? null : (
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <div role="group" aria-label={t.view} className="inline-flex rounded-md border border-input">
              {(['chart', 'table'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                  className="h-8 px-3 text-sm font-medium text-muted-foreground first:rounded-l-md last:rounded-r-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground"
                >
                  {v === 'chart' ? t.viewChart : t.viewTable}
                </button>
              ))}
            </div>
            <Button variant="secondary" size="sm" onClick={download}>
              <DownloadIcon />
              {t.downloadCsv}
            </Button>
          </div>
        )}
      </div>

      {days.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t.noHistory}</p>
      ) : (
        <>
          {allEmpty ? (
            <p className="mt-3 text-sm text-foreground">{t.allNoData}</p>
          ) : totals.noData > 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">{t.noDataDays(totals.noData)}</p>
          ) : null}
          <div className="mt-4">
            {view === 'chart' ? (
              <ChartBoundary fallback={<FirewallTable days={days} caption={t.tableCaption(range)} subject={subject} />}>
                <Suspense fallback={<ChartPlaceholder height={height} />}>
                  <FirewallGraphic
                    days={days}
                    height={height}
                    attacksName={t.attacksName(range)}
                    allowedName={t.allowedName(range)}
                  />
                </Suspense>
              </ChartBoundary>
            ) : (
              <FirewallTable days={days} caption={t.tableCaption(range)} subject={subject} />
            )}
          </div>
          <FirewallTotals totals={totals} headingLevel={headingLevel} />
        </>
      )}
    </Frame>
  );
}

/** As tall as the chart, so the page does not jump when it arrives. */
function ChartPlaceholder({ height }: { height: number }) {
  const t = useStore(chartMessages);
  return (
    <div
      className="flex animate-pulse items-center justify-center rounded-md bg-surface-muted text-sm text-muted-foreground motion-reduce:animate-none"
      style={{ height: height + Math.round(height / 2.5) + 56 }}
    >
      {t.loading}
    </div>
  );
}

/** The chunk failed to load (offline, a new deployment): the table instead, said so. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <ChartLoadFailed />
        {this.props.fallback}
      </>
    );
  }
}

function ChartLoadFailed() {
  const t = useStore(chartMessages);
  return (
    <p role="status" className="mb-2 text-sm text-muted-foreground">
      {t.loadFailed}
    </p>
  );
}

function FirewallTotals({ totals, headingLevel }: { totals: ReturnType<typeof firewallTotals>; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h3' : 'h4';
  const t = useStore(chartMessages);
  const f = useStore(format);
  const item = (key: string, name: string, value: number, colour?: string, line = false) => (
    <div key={key} className="flex min-w-0 items-center justify-between gap-2 py-0.5" data-total={key}>
      <dt className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
        {colour ? <Swatch colour={colour} line={line} /> : null}
        {name}
      </dt>
      <dd className="font-medium text-foreground tabular-nums">{f.integer(value)}</dd>
    </div>
  );
  return (
    <div className="mt-4 border-t border-border pt-3">
      <Heading className="text-sm font-semibold text-foreground">{t.totalsTitle}</Heading>
      <dl className="mt-1 grid grid-cols-1 gap-x-6 text-sm sm:grid-cols-2 print:grid-cols-3 print:text-xs">
        {item('blocked', t.blocked, totals.blocked)}
        {ATTACK_CLASSES.map((k) =>
          k === 'unclassified' && totals.unclassified === 0 ? null : item(k, t[k], totals[k], CLASS_COLOURS[k]),
        )}
        {item('uniqueIps', t.uniqueIpsTotal, totals.uniqueIps, LINE_COLOURS.uniqueIps, true)}
        {item('allowed', t.allowed, totals.allowed, LINE_COLOURS.allowed)}
      </dl>
    </div>
  );
}

/** The same numbers as the chart, a row per day (`data-day` = YYYYMMDD), totals in the footer. */
export function FirewallTable({
  days,
  caption,
  subject,
}: {
  days: readonly FirewallDay[];
  caption: string;
  subject: string;
}) {
  const t = useStore(chartMessages);
  const f = useStore(format);
  const totals = firewallTotals(days);
  const heads = { date: t.date, ...Object.fromEntries(COUNT_KEYS.map((k) => [k, t[k]])) } as Record<
    'date' | (typeof COUNT_KEYS)[number],
    string
  >;
  const num = 'px-2 py-1.5 text-right tabular-nums';
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t.tableScroll({ subject })}>
      <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="firewall-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            <th scope="col" className="px-2 py-1.5 text-left font-medium">
              {heads.date}
            </th>
            {COUNT_KEYS.map((k) => (
              <th key={k} scope="col" className="px-2 py-1.5 text-right font-medium" data-col={k}>
                {heads[k]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map(({ date, counts }) => (
            <tr key={date} data-day={date} className="border-b border-border last:border-b-0">
              <th scope="row" className="px-2 py-1.5 text-left font-normal whitespace-nowrap">
                <time dateTime={isoDay(date)}>
                  {f.date(dayTime(date), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}
                </time>
              </th>
              {counts ? (
                COUNT_KEYS.map((k) => (
                  <td key={k} className={num} data-col={k}>
                    {f.integer(counts[k])}
                  </td>
                ))
              ) : (
                <td colSpan={COUNT_KEYS.length} className="px-2 py-1.5 text-left text-muted-foreground italic">
                  {t.noData}
                </td>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-border font-medium">
            <th scope="row" className="px-2 py-1.5 text-left">
              {t.total}
            </th>
            {COUNT_KEYS.map((k) => (
              <td key={k} className={num} data-col={k}>
                {f.integer(totals[k])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Starts a download of `text` (the CSV) in the browser. */
function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
