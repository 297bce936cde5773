/**
 * The firewall chart's tooltip of one day (under the pointer, or the one the
 * keyboard moved to) and how the keyboard moves between days.
 */
import { useStore } from '@nanostores/react';
import { format } from '../../i18n/format';
import { chartMessages } from './chart-messages';
import { CLASS_COLOURS, LINE_COLOURS, Swatch } from './chart-colours';
import { ATTACK_CLASSES, classValue, dayTime, type FirewallDay } from '../../data/site-model/firewall-days';

/** The day the keyboard moves to: undefined for a key that does not move it, null to hide the tooltip. */
export function nextKeyDay(key: string, day: number | null, count: number): number | null | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return day === null ? last : Math.min(last, day + 1);
    case 'ArrowLeft':
      return day === null ? last : Math.max(0, day - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}

/**
 * The day under the pointer or the keyboard's: its date in the reader's
 * language (a UTC day, said so) and every counter, or "no data".
 */
export function DayTooltip({ active, label, days }: { active: boolean; label: unknown; days: readonly FirewallDay[] }) {
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
    <div
      className="rounded-md border border-border bg-surface px-3 py-2 text-xs text-foreground shadow-md"
      data-testid="day-tooltip"
      data-day={day.date}
    >
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
