/**
 * The firewall days as the Recharts drawing (firewall-chart-graphic.tsx) takes
 * them: one row per day with the stacked classes, the runs of days without
 * data, and the room its axes need. No React, no Recharts.
 */
import type { Format } from '../../i18n/format';
import {
  ATTACK_CLASSES,
  classValue,
  dayTime,
  type AttackClass,
  type FirewallDay,
} from '../../data/site-model/firewall-days';

export interface Row {
  date: string;
  noData: boolean;
  /** The five classes added up: the bar's height (its segments are the classes, stackedSegments). */
  blocked?: number;
  dos?: number;
  injection?: number;
  uploads?: number;
  other?: number;
  unclassified?: number;
  uniqueIps?: number;
  allowed?: number;
}

/** Runs of consecutive days without data, as [first, last] dates: each one gap, labelled once. */
export function noDataRuns(days: readonly FirewallDay[]): [string, string][] {
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

/** One row per day: the attack classes stacked, the unique IPs and the allowed requests; a day without data has none. */
export function graphicRows(days: readonly FirewallDay[]): Row[] {
  return days.map(({ date, counts }) => {
    if (!counts) return { date, noData: true };
    const row: Row = { date, noData: false, blocked: 0, uniqueIps: counts.uniqueIps, allowed: counts.allowed };
    for (const k of ATTACK_CLASSES) {
      row[k] = classValue(counts, k);
      row.blocked = (row.blocked ?? 0) + row[k];
    }
    return row;
  });
}

export interface Segment {
  attack: AttackClass;
  y: number;
  height: number;
}

/**
 * A day's bar cut into its classes, bottom up in the classes' order (as a stack of one Recharts Bar
 * per class drew them): `y` and `height` are the whole bar's, in px. The scale is linear from 0, so
 * each class takes its share of the height. Classes of 0 have no segment.
 */
export function stackedSegments(row: Row | undefined, y: number, height: number): Segment[] {
  const total = row?.blocked ?? 0;
  if (row === undefined || total <= 0 || !(height > 0)) return [];
  const out: Segment[] = [];
  let bottom = y + height;
  for (const attack of ATTACK_CLASSES) {
    const value = row[attack] ?? 0;
    if (value <= 0) continue;
    const h = (height * value) / total;
    bottom -= h;
    out.push({ attack, y: bottom, height: h });
  }
  return out;
}

export const tickDay = (f: Format) => (date: string) =>
  f.date(dayTime(date), { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** Grouped always, so German ticks agree ("2.400" above "10.500", not "2400"). */
export const tickCount = (f: Format) => (value: number) =>
  f.number(value, { notation: 'compact', useGrouping: 'always' });
/**
 * Room for an axis' longest tick label (11 px digits, about 6.5 px each): German
 * has no short form for thousands ("120.000", not "120K"). A quarter above the
 * largest value, since the axis rounds its top tick up.
 */
const axisWidth = (f: Format, largest: number) =>
  Math.max(32, Math.ceil(tickCount(f)(Math.ceil(largest * 1.25)).length * 6.5) + 12);

/** The axes' widths: one left width for both panels, so their days line up; the right one for unique IPs. */
export function axisWidths(rows: readonly Row[], f: Format): { left: number; right: number } {
  let requests = 0;
  let allowed = 0;
  let ips = 0;
  for (const r of rows) {
    requests = Math.max(requests, r.blocked ?? 0);
    allowed = Math.max(allowed, r.allowed ?? 0);
    ips = Math.max(ips, r.uniqueIps ?? 0);
  }
  return { left: Math.max(axisWidth(f, requests), axisWidth(f, allowed)), right: axisWidth(f, ips) };
}

/** The room a day's label takes on the axis, with the gap to the next ("12 Nov", "12. Nov.", 11 px). */
const DAY_LABEL_PX = 56;

/** Every how many days a label fits on a time axis `plotWidth` px wide. */
export function dayTickStep(days: number, plotWidth: number): number {
  const fit = Math.max(1, Math.floor(plotWidth / DAY_LABEL_PX));
  return Math.max(1, Math.ceil(days / fit));
}

/**
 * The days labelled on the time axis: every `step`th, counted back from the last day (today,
 * always labelled). Given to Recharts as its ticks, so it need not measure every label in the
 * page to choose (about 20 ms a panel).
 */
export function dayTicks(dates: readonly string[], step: number): string[] {
  const last = dates.length - 1;
  return dates.filter((_, i) => (last - i) % step === 0);
}
