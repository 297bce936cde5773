/**
 * The Recharts drawing of the firewall days. Only `firewall-chart.tsx` loads
 * this module, with React.lazy: Recharts is never in the entry chunk nor in
 * the login route's (issue 8). Its accessible alternative, the table, and its
 * accessible name are in firewall-chart.tsx; the SVG itself is one image.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  BarChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { format, type Format } from '../../i18n/format';
import { chartMessages } from './chart-messages';
import { CLASS_COLOURS, LINE_COLOURS, Swatch } from './chart-colours';
import { ATTACK_CLASSES, classValue, dayTime, type FirewallDay } from './firewall-days';

export interface FirewallGraphicProps {
  days: readonly FirewallDay[];
  /** Accessible names of the two panels (the chart says what it shows). */
  attacksName: string;
  allowedName: string;
  /** Height of the attacks panel in px (the allowed panel is a third of it). */
  height?: number;
}

interface Row {
  date: string;
  noData: boolean;
  dos?: number;
  injection?: number;
  uploads?: number;
  other?: number;
  unclassified?: number;
  uniqueIps?: number;
  allowed?: number;
}

/** Runs of consecutive days without data, as [first, last] dates: each one gap, labelled once. */
function noDataRuns(days: readonly FirewallDay[]): [string, string][] {
  const runs: [string, string][] = [];
  let start: string | undefined;
  let last: string | undefined;
  for (const d of days) {
    if (d.counts === null) {
      start ??= d.date;
      last = d.date;
    } else if (start !== undefined && last !== undefined) {
      runs.push([start, last]);
      start = last = undefined;
    }
  }
  if (start !== undefined && last !== undefined) runs.push([start, last]);
  return runs;
}

const tickDay = (f: Format) => (date: string) =>
  f.date(dayTime(date), { day: 'numeric', month: 'short', timeZone: 'UTC' });
const tickCount = (f: Format) => (value: number) => f.number(value, { notation: 'compact' });
/**
 * Room for an axis' longest tick label (11 px digits, about 6.5 px each): German
 * has no short form for thousands ("120.000", not "120K"). A quarter above the
 * largest value, since the axis rounds its top tick up.
 */
const axisWidth = (f: Format, largest: number) =>
  Math.max(32, Math.ceil(tickCount(f)(Math.ceil(largest * 1.25)).length * 6.5) + 12);

export default function FirewallGraphic({ days, attacksName, allowedName, height = 260 }: FirewallGraphicProps) {
  const t = useStore(chartMessages);
  const f = useStore(format);
  const rows = useMemo<Row[]>(
    () =>
      days.map(({ date, counts }) =>
        counts
          ? {
              date,
              noData: false,
              dos: classValue(counts, 'dos'),
              injection: classValue(counts, 'injection'),
              uploads: classValue(counts, 'uploads'),
              other: classValue(counts, 'other'),
              unclassified: classValue(counts, 'unclassified'),
              uniqueIps: counts.uniqueIps,
              allowed: counts.allowed,
            }
          : { date, noData: true },
      ),
    [days],
  );
  const runs = useMemo(() => noDataRuns(days), [days]);
  const widths = useMemo(() => {
    let requests = 0;
    let allowed = 0;
    let ips = 0;
    for (const r of rows) {
      const stacked = (r.dos ?? 0) + (r.injection ?? 0) + (r.uploads ?? 0) + (r.other ?? 0) + (r.unclassified ?? 0);
      requests = Math.max(requests, stacked);
      allowed = Math.max(allowed, r.allowed ?? 0);
      ips = Math.max(ips, r.uniqueIps ?? 0);
    }
    // One left width for both panels, so their days line up.
    return { left: Math.max(axisWidth(f, requests), axisWidth(f, allowed)), right: axisWidth(f, ips) };
  }, [rows, f]);
  const axisTick = { fill: 'var(--muted-foreground)', fontSize: 11 };
  const gaps = runs.map(([from, to]) => {
    const wide = dayTime(to) - dayTime(from) >= 3 * 86_400_000;
    return (
      <ReferenceArea
        key={from}
        yAxisId="requests"
        x1={from}
        x2={to}
        fill="var(--chart-nodata)"
        fillOpacity={1}
        stroke="var(--border)"
        strokeDasharray="3 3"
        ifOverflow="visible"
        label={{
          value: t.noData,
          position: 'center',
          angle: wide ? 0 : -90,
          fill: 'var(--muted-foreground)',
          fontSize: 11,
        }}
      />
    );
  });
  const tooltip = ({ active, label }: { active?: boolean; label?: unknown }) => (
    <DayTooltip active={active === true} label={label} days={days} />
  );
  return (
    <div className="space-y-4">
      <div role="img" aria-label={attacksName} data-chart="attacks">
        <p className="mb-1 text-xs font-medium text-muted-foreground" aria-hidden="true">
          {t.attacksPanel}
        </p>
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
          <ComposedChart data={rows} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="2 4" />
            <XAxis
              dataKey="date"
              tickFormatter={tickDay(f)}
              tick={axisTick}
              stroke="var(--border)"
              minTickGap={16}
              interval="preserveStartEnd"
            />
            <YAxis
              yAxisId="requests"
              tickFormatter={tickCount(f)}
              tick={axisTick}
              stroke="var(--border)"
              width={widths.left}
              allowDecimals={false}
            />
            <YAxis
              yAxisId="ips"
              orientation="right"
              tickFormatter={tickCount(f)}
              tick={axisTick}
              stroke="var(--border)"
              width={widths.right}
              allowDecimals={false}
            />
            {gaps}
            {ATTACK_CLASSES.map((k) => (
              <Bar
                key={k}
                yAxisId="requests"
                dataKey={k}
                name={t[k]}
                stackId="blocked"
                fill={CLASS_COLOURS[k]}
                isAnimationActive={false}
              />
            ))}
            <Line
              yAxisId="ips"
              dataKey="uniqueIps"
              name={t.uniqueIps}
              stroke={LINE_COLOURS.uniqueIps}
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
            <Tooltip content={tooltip} cursor={{ fill: 'var(--accent)', fillOpacity: 0.5 }} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <div role="img" aria-label={allowedName} data-chart="allowed">
        <p className="mb-1 text-xs font-medium text-muted-foreground" aria-hidden="true">
          {t.allowedPanel}
        </p>
        <ResponsiveContainer
          width="100%"
          height={Math.round(height / 2.5)}
          initialDimension={{ width: 640, height: Math.round(height / 2.5) }}
        >
          <BarChart
            data={rows}
            margin={{ top: 8, right: widths.right + 4, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="2 4" />
            <XAxis dataKey="date" hide />
            <YAxis
              tickFormatter={tickCount(f)}
              tick={axisTick}
              stroke="var(--border)"
              width={widths.left}
              allowDecimals={false}
            />
            {runs.map(([from, to]) => (
              <ReferenceArea
                key={from}
                x1={from}
                x2={to}
                fill="var(--chart-nodata)"
                fillOpacity={1}
                ifOverflow="visible"
              />
            ))}
            <Bar dataKey="allowed" name={t.allowed} fill={LINE_COLOURS.allowed} isAnimationActive={false} />
            <Tooltip content={tooltip} cursor={{ fill: 'var(--accent)', fillOpacity: 0.5 }} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

/** The day under the pointer: its date in the reader's language (a UTC day, said so) and every counter. */
function DayTooltip({ active, label, days }: { active: boolean; label: unknown; days: readonly FirewallDay[] }) {
  const t = useStore(chartMessages);
  const f = useStore(format);
  if (!active || typeof label !== 'string') return null;
  const day = days.find((d) => d.date === label);
  if (!day) return null;
  const c = day.counts;
  const line = (name: string, value: number, colour?: string, isLine = false) => (
    <li key={name} className="flex items-center justify-between gap-4">
      <span className="flex items-center gap-1.5">
        {colour ? <Swatch colour={colour} line={isLine} /> : null}
        {name}
      </span>
      <span className="tabular-nums">{f.integer(value)}</span>
    </li>
  );
  return (
    <div className="rounded-md border border-border bg-surface px-3 py-2 text-xs text-foreground shadow-md">
      <p className="font-semibold">
        {t.tooltipDate({ date: f.date(dayTime(day.date), { dateStyle: 'full', timeZone: 'UTC' }) })}
      </p>
      {c ? (
        <ul className="mt-1 space-y-0.5">
          {line(t.blocked, c.blocked)}
          {ATTACK_CLASSES.map((k) =>
            k === 'unclassified' && classValue(c, k) === 0 ? null : line(t[k], classValue(c, k), CLASS_COLOURS[k]),
          )}
          {line(t.uniqueIps, c.uniqueIps, LINE_COLOURS.uniqueIps, true)}
          {line(t.allowed, c.allowed, LINE_COLOURS.allowed)}
        </ul>
      ) : (
        <p className="mt-1 text-muted-foreground">{t.noData}</p>
      )}
    </div>
  );
}
