/**
 * The 30-day firewall chart (docs/partner-api.md#firewall-history), shared by the site page,
 * the overview and the printable report.
 *
 * How to use:
 *
 *   import { FirewallChart } from '../components/charts/firewall-chart';
 *   import { firewallDays, sumFirewallDays } from '../data/site-model/firewall-days';
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
import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { format } from '../../i18n/format';
import { cn } from '../../lib/cn';
import { CSV_TYPE, downloadText } from '../../lib/download-text';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DownloadIcon } from '../ui/more-icons';
import { chartMessages } from './chart-messages';
import { dayTime, firewallCsv, firewallTotals, isoDay, type FirewallDay } from '../../data/site-model/firewall-days';
import { FirewallTable, FirewallTotals } from './firewall-table';
import { askToDraw, onPrint } from './draw-turns';
import './charts.css';

const importGraphic = () => import('./firewall-chart-graphic');
const LazyGraphic = lazy(importGraphic);
/** The graphic once preloaded: drawn at once, with no fallback first (React shows a fallback for at least 300 ms). */
let loadedGraphic: (typeof import('./firewall-chart-graphic'))['default'] | null = null;

/**
 * How near the screen a chart's slot comes before it draws: within half a screen's height of it,
 * so a chart scrolled to is drawn by the time it shows (drawing takes tens of milliseconds), and
 * one further down waits: on a phone the site page's, the overview's and the report's; on a
 * desktop screen the overview's and the site page's until the first turn of the wheel. A whole
 * screen drew the site report's chart on a phone as the page loaded (Lighthouse's mobile score
 * 98 → 93).
 */
const NEAR_SCREEN = '50% 0px';

/**
 * Whether to draw the graphic: once its slot comes near the screen (NEAR_SCREEN: a chart far
 * down the page, on a phone or the tenth site of a customer's report, costs nothing until
 * scrolled to), and then not in the task that shows the page, but in a transition after it,
 * which React renders in slices between frames, so the page's text shows first and no single
 * task holds the main thread for both (the read model's target: no task over 100 ms); the
 * charts of one page one a task (draw-turns.ts). Printing draws them all at once, near the
 * screen or not. Where the browser has no IntersectionObserver (jsdom), every chart asks for its
 * turn at once.
 */
function useDrawnAfterPage(slot: RefObject<HTMLElement | null>): { shown: boolean; width: number | null } {
  const [drawn, setDrawn] = useState<{ shown: boolean; width: number | null }>({ shown: false, width: null });
  const isDrawn = drawn.shown;
  useEffect(() => {
    if (isDrawn) return;
    // The slot's width, read when the turn comes (the page laid out by then): Recharts draws at it
    // at once, rather than at a guess and again once its container has measured itself.
    const measured = () => {
      const width = slot.current?.getBoundingClientRect().width;
      return { shown: true, width: width ? Math.round(width) : null };
    };
    // Given back once drawn (this effect's cleanup, after the drawing's commit) or on leaving.
    let giveBack: (() => void) | undefined;
    const askForTurn = () => {
      giveBack ??= askToDraw(
        () => {
          const next = measured();
          startTransition(() => setDrawn(next));
        },
        () => setDrawn(measured()),
      );
    };
    const element = slot.current;
    if (element === null || typeof IntersectionObserver === 'undefined') {
      askForTurn();
      return () => giveBack?.();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        askForTurn();
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(element);
    // Not near the screen yet, and the page is printed: drawn now, with the charts waiting their turn.
    const stopPrint = onPrint(() => {
      if (giveBack === undefined) setDrawn(measured());
    });
    return () => {
      observer.disconnect();
      stopPrint();
      giveBack?.();
    };
  }, [isDrawn, slot]);
  return drawn;
}

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
  const slot = useRef<HTMLDivElement>(null);
  const { shown, width } = useDrawnAfterPage(slot);

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
    downloadText(name, csv, CSV_TYPE);
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
          <div ref={slot} className="mt-4">
            {view === 'chart' ? (
              <ChartBoundary fallback={<FirewallTable days={days} caption={t.tableCaption(range)} subject={subject} />}>
                <Suspense fallback={<ChartPlaceholder height={height} />}>
                  {shown ? (
                    <FirewallGraphic
                      days={days}
                      height={height}
                      width={width}
                      attacksName={t.attacksName(range)}
                      allowedName={t.allowedName(range)}
                    />
                  ) : (
                    <ChartPlaceholder height={height} />
                  )}
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

/**
 * As tall as the chart, so the page does not jump when it arrives. Still, not pulsing: a chart far
 * down the page waits here until scrolled to, and its text keeps its full contrast meanwhile.
 */
function ChartPlaceholder({ height }: { height: number }) {
  const t = useStore(chartMessages);
  return (
    <div
      className="flex items-center justify-center rounded-md bg-surface-muted text-sm text-muted-foreground"
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
