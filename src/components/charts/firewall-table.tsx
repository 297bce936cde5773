/**
 * The firewall chart's numbers without the chart: the totals per class, the
 * table view (the chart's accessible alternative, same numbers) and the CSV
 * download (firewall-chart.tsx composes them).
 */
import { useStore } from '@nanostores/react';
import { format } from '../../i18n/format';
import { chartMessages } from './chart-messages';
import { CLASS_COLOURS, LINE_COLOURS, Swatch } from './chart-colours';
import {
  ATTACK_CLASSES,
  COUNT_KEYS,
  dayTime,
  firewallTotals,
  isoDay,
  type FirewallDay,
} from '../../data/site-model/firewall-days';

/**
 * The totals per class over the days with data, the heading saying over how
 * many when some have none; with no day of data, "no data", never zeros.
 */
export function FirewallTotals({
  totals,
  headingLevel,
}: {
  totals: ReturnType<typeof firewallTotals>;
  headingLevel: 2 | 3;
}) {
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
    <div className="mt-4 border-t border-border pt-3" data-totals={totals.withData === 0 ? 'no-data' : 'sums'}>
      <Heading className="text-sm font-semibold text-foreground">
        {totals.noData > 0 && totals.withData > 0 ? t.totalsOfDays(totals.withData) : t.totalsTitle}
      </Heading>
      {totals.withData === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{t.totalsNoData}</p>
      ) : (
        <dl className="mt-1 grid grid-cols-1 gap-x-6 text-sm sm:grid-cols-2 print:grid-cols-3 print:text-xs">
          {item('blocked', t.blocked, totals.blocked)}
          {ATTACK_CLASSES.map((k) =>
            k === 'unclassified' && totals.unclassified === 0 ? null : item(k, t[k], totals[k], CLASS_COLOURS[k]),
          )}
          {item('uniqueIps', t.uniqueIpsTotal, totals.uniqueIps, LINE_COLOURS.uniqueIps, true)}
          {item('allowed', t.allowed, totals.allowed, LINE_COLOURS.allowed)}
        </dl>
      )}
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
          <tr className="border-t-2 border-border font-medium" data-totals={totals.withData === 0 ? 'no-data' : 'sums'}>
            <th scope="row" className="px-2 py-1.5 text-left">
              {totals.noData > 0 && totals.withData > 0 ? t.totalOfDays(totals.withData) : t.total}
            </th>
            {totals.withData === 0 ? (
              <td
                colSpan={COUNT_KEYS.length}
                className="px-2 py-1.5 text-left font-normal text-muted-foreground italic"
              >
                {t.noData}
              </td>
            ) : (
              COUNT_KEYS.map((k) => (
                <td key={k} className={num} data-col={k}>
                  {f.integer(totals[k])}
                </td>
              ))
            )}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
