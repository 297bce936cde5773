/**
 * The Recharts drawing of the firewall days. Only `firewall-chart.tsx` loads
 * this module, with React.lazy: Recharts is never in the entry chunk nor in
 * the login route's. Its accessible alternative, the table, and its
 * accessible names are in firewall-chart.tsx. Each panel is one image; the
 * attacks panel takes the keyboard's focus, and the arrow keys move the day's
 * tooltip as the pointer does (every counter of the day, or "no data").
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  type BarShapeProps,
  type BaseTickContentProps,
} from 'recharts';
import { format } from '../../i18n/format';
import { cn } from '../../lib/cn';
import { useElementWidth } from '../../lib/use-element-width';
import { chartMessages } from './chart-messages';
import { CLASS_COLOURS, LINE_COLOURS } from './chart-colours';
import { DayTooltip, nextKeyDay } from './firewall-day-tooltip';
import { dayTime, type FirewallDay } from '../../data/site-model/firewall-days';
import { isPrinting, onPrint } from './draw-turns';
import {
  axisWidths,
  dayTickStep,
  dayTicks,
  graphicRows,
  noDataRuns,
  stackedSegments,
  tickCount,
  tickDay,
} from './firewall-graphic-rows';

export interface FirewallGraphicProps {
  days: readonly FirewallDay[];
  /** Accessible names of the two panels (the chart says what it shows). */
  attacksName: string;
  allowedName: string;
  /** Height of the attacks panel in px (the allowed panel is a third of it). */
  height?: number;
  /**
   * The width the panels will have, measured where they are to be drawn (firewall-chart.tsx): the
   * first drawing has it, so Recharts draws once. Without it, at 640 px, and again at the panel's
   * width once measured: two drawings of every bar.
   */
  width?: number | null;
}

/**
 * An axis's label, one line of SVG text placed as Recharts' own Text places it. Drawn here because
 * Recharts' Text measures every label in the page (it is given the axis's width, as for wrapping)
 * and its axis then reads the labels' computed font and renders again: about 10 ms a chart.
 */
function drawTick({ x, y, textAnchor, verticalAnchor, index, payload, tickFormatter }: BaseTickContentProps) {
  const dy = verticalAnchor === 'start' ? '0.71em' : verticalAnchor === 'middle' ? '0.355em' : undefined;
  return (
    <text x={x} y={y} dy={dy} textAnchor={textAnchor} fill="var(--muted-foreground)" fontSize={11}>
      {tickFormatter ? tickFormatter(payload.value, index) : String(payload.value)}
    </text>
  );
}

/**
 * The grid's vertical lines, which it has none of: Recharts works out where they would go even with
 * `vertical={false}`, measuring every day's label in the page (getStringSize, a forced layout each).
 */
const noLines = () => [];

export default function FirewallGraphic({
  days,
  attacksName,
  allowedName,
  height = 260,
  width = null,
}: FirewallGraphicProps) {
  const t = useStore(chartMessages);
  const f = useStore(format);
  /** The day whose tooltip the keyboard shows (an index into days), while the chart has the focus. */
  const [keyDay, setKeyDay] = useState<number | null>(null);
  const keyed = keyDay === null ? undefined : days[keyDay];
  // The allowed panel is drawn a task after the attacks panel: each is one long task of Recharts' own.
  // A print draws both at once (draw-turns.ts).
  const [allowedDrawn, setAllowedDrawn] = useState(isPrinting);
  useEffect(() => {
    if (allowedDrawn) return;
    const timer = setTimeout(() => setAllowedDrawn(true), 0);
    const stop = onPrint(() => setAllowedDrawn(true));
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [allowedDrawn]);
  const rows = useMemo(() => graphicRows(days), [days]);
  // The classes of a day in one Recharts Bar, cut into its segments here: a Bar a class made Recharts
  // work out five stacks and draw five sets of bars, each in passes of its own (about a tenth of the
  // site page's first visit on a 2-core machine).
  const drawClasses = useCallback(
    ({ x, y, width, height, originalDataIndex }: BarShapeProps) => (
      <g>
        {stackedSegments(rows[originalDataIndex], y, height).map((s) => (
          <rect key={s.attack} x={x} y={s.y} width={width} height={s.height} fill={CLASS_COLOURS[s.attack]} />
        ))}
      </g>
    ),
    [rows],
  );
  const runs = useMemo(() => noDataRuns(days), [days]);
  const widths = useMemo(() => axisWidths(rows, f), [rows, f]);
  // The days labelled, chosen here from the panel's width (Recharts would measure each label to
  // choose). The step is what is kept: a width that does not change it draws nothing again.
  const panel = useRef<HTMLDivElement>(null);
  const axes = widths.left + widths.right + 4;
  const stepFor = useCallback((width: number) => dayTickStep(days.length, width - axes), [days.length, axes]);
  const initialWidth = width ?? 640;
  const step = useElementWidth(panel, stepFor, width) ?? stepFor(initialWidth);
  const ticks = useMemo(
    () =>
      dayTicks(
        rows.map((r) => r.date),
        step,
      ),
    [rows, step],
  );
  // No day of data: no scale to read (an axis would count from nothing), and a
  // domain of its own, since a panel without values has none to draw its gap on.
  const allEmpty = runs.length === 1 && runs[0]?.[0] === days[0]?.date && runs[0]?.[1] === days.at(-1)?.date;
  const emptyAxis = allEmpty ? { domain: [0, 1], tick: false, ticks: [] } : { tick: drawTick };
  /** Each run of days without data, shaded and labelled "no data" in both panels. */
  const gaps = (yAxisId: string | number) =>
    runs.map(([from, to]) => {
      const wide = dayTime(to) - dayTime(from) >= 3 * 86_400_000;
      return (
        <ReferenceArea
          key={from}
          yAxisId={yAxisId}
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
  // A day without data has no values: Recharts leaves out empty entries and hides a
  // tooltip with none (filterNull), so its "no data" would never show. DayTooltip
  // reads the day itself and ignores the entries.
  const tooltipProps = {
    content: tooltip,
    cursor: { fill: 'var(--accent)', fillOpacity: 0.5 },
    isAnimationActive: false,
    filterNull: false,
  } as const;
  return (
    <div className="space-y-4">
      {/* Focusable: the arrow keys (Home, End) move the day's tooltip as the pointer does; Escape hides it. */}
      <div
        ref={panel}
        role="img"
        aria-label={attacksName}
        tabIndex={0}
        data-chart="attacks"
        className="relative rounded-sm"
        onFocus={() => setKeyDay((day) => day ?? days.length - 1)}
        onBlur={() => setKeyDay(null)}
        // The pointer takes over from the keyboard.
        onMouseMove={() => setKeyDay(null)}
        onKeyDown={(event) => {
          const next = nextKeyDay(event.key, keyDay, days.length);
          if (next === undefined) return;
          event.preventDefault();
          setKeyDay(next);
        }}
      >
        <p className="mb-1 text-xs font-medium text-muted-foreground" aria-hidden="true">
          {t.attacksPanel}
        </p>
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: initialWidth, height }}>
          <ComposedChart data={rows} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid
              vertical={false}
              verticalCoordinatesGenerator={noLines}
              stroke="var(--border)"
              strokeDasharray="2 4"
            />
            <XAxis
              dataKey="date"
              tickFormatter={tickDay(f)}
              tick={drawTick}
              stroke="var(--border)"
              ticks={ticks}
              interval={0}
            />
            <YAxis
              yAxisId="requests"
              tickFormatter={tickCount(f)}
              {...emptyAxis}
              stroke="var(--border)"
              width={widths.left}
              allowDecimals={false}
              interval={0}
            />
            <YAxis
              yAxisId="ips"
              orientation="right"
              tickFormatter={tickCount(f)}
              {...emptyAxis}
              stroke="var(--border)"
              width={widths.right}
              allowDecimals={false}
              interval={0}
            />
            {gaps('requests')}
            {keyed ? (
              <ReferenceArea
                yAxisId="requests"
                x1={keyed.date}
                x2={keyed.date}
                fill="var(--accent)"
                fillOpacity={0.5}
                ifOverflow="visible"
              />
            ) : null}
            {/* A stack of one (as the allowed panel's): with no day of data, a stack still gives the axis a
                domain, so the "no data" gap can be drawn. */}
            <Bar
              yAxisId="requests"
              dataKey="blocked"
              name={t.blocked}
              stackId="blocked"
              shape={drawClasses}
              isAnimationActive={false}
            />
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
            <Tooltip {...tooltipProps} />
          </ComposedChart>
        </ResponsiveContainer>
        {keyed ? (
          // The keyboard's tooltip, on the side away from the day (Recharts' own follows the pointer only).
          <div
            className={cn(
              'pointer-events-none absolute top-8 z-10',
              (keyDay ?? 0) < days.length / 2 ? 'right-2' : 'left-2',
            )}
          >
            <DayTooltip active label={keyed.date} days={days} />
          </div>
        ) : null}
      </div>
      <div role="img" aria-label={allowedName} data-chart="allowed">
        <p className="mb-1 text-xs font-medium text-muted-foreground" aria-hidden="true">
          {t.allowedPanel}
        </p>
        {allowedDrawn ? (
          <ResponsiveContainer
            width="100%"
            height={Math.round(height / 2.5)}
            initialDimension={{ width: initialWidth, height: Math.round(height / 2.5) }}
          >
            <BarChart
              data={rows}
              // Room below for the last tick's label (0), which the hidden day axis does not give.
              margin={{ top: 8, right: widths.right + 4, bottom: 6, left: 0 }}
              accessibilityLayer={false}
            >
              <CartesianGrid
                vertical={false}
                verticalCoordinatesGenerator={noLines}
                stroke="var(--border)"
                strokeDasharray="2 4"
              />
              <XAxis dataKey="date" hide />
              <YAxis
                yAxisId="allowed"
                tickFormatter={tickCount(f)}
                {...emptyAxis}
                stroke="var(--border)"
                width={widths.left}
                allowDecimals={false}
                interval={0}
              />
              {gaps('allowed')}
              {/* A stack of one, as the attacks are: with no day of data, a stack still gives the axis a
                domain (Recharts reads a missing value as 0 there), so the "no data" gap can be drawn. */}
              <Bar
                yAxisId="allowed"
                dataKey="allowed"
                stackId="allowed"
                name={t.allowed}
                fill={LINE_COLOURS.allowed}
                isAnimationActive={false}
              />
              <Tooltip {...tooltipProps} />
            </BarChart>
          </ResponsiveContainer>
        ) : (
          <div style={{ height: Math.round(height / 2.5) }} />
        )}
      </div>
    </div>
  );
}
