/**
 * The first thing a customer's report shows: one row per site with its state
 * in words, its protection and its last scan, each linking to the site's page
 * of the report. Printed on a page of its own, before one page per site.
 */
import { useStore } from '@nanostores/react';
import type { Site } from '../../../api/schemas';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { clientReportMessages } from '../messages';

type Messages = ReturnType<typeof clientReportMessages.get>;

/** The site's state as the client reads it, and whether it calls for action (only what remains does). */
function stateOf(t: Messages, site: Site): { text: string; tone: 'danger' | 'warning' | 'ok' | 'none' } {
  const report = site.scanreport;
  if (!report) return { text: t.stateNever, tone: 'none' };
  if (report.threats > 0) return { text: t.stateThreats(report.threats), tone: 'danger' };
  if (report.doubt > 0) return { text: t.stateDoubt, tone: 'warning' };
  if (report.malicious + report.suspicious > 0) return { text: t.stateCleaned, tone: 'ok' };
  return { text: t.stateClean, tone: 'ok' };
}

export function SitesSummary({ sites }: { sites: readonly Site[] }) {
  const t = useStore(clientReportMessages);
  const f = useStore(format);
  const cell = 'border-b border-border px-2 py-1.5 text-left align-top print:py-1';
  // On a phone each site is a block of label and value (the label from data-label), not a table to scroll sideways.
  const stacked =
    'max-sm:grid max-sm:grid-cols-[9rem_minmax(0,1fr)] max-sm:gap-2 max-sm:border-0 max-sm:py-0.5 max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';
  return (
    <section aria-labelledby="report-summary" data-testid="report-summary">
      <h2 id="report-summary" className="text-xl font-semibold text-foreground">
        {t.summaryTitle}
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full border-collapse text-sm text-foreground max-sm:block">
          <thead className="text-xs text-muted-foreground max-sm:sr-only">
            <tr>
              <th scope="col" className={cell}>
                {t.summarySite}
              </th>
              <th scope="col" className={cell}>
                {t.summaryState}
              </th>
              <th scope="col" className={cell}>
                {t.firewall}
              </th>
              <th scope="col" className={cell}>
                {t.cleanup}
              </th>
              <th scope="col" className={cell}>
                {t.lastScan}
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {sites.map((site) => {
              const state = stateOf(t, site);
              return (
                <tr key={site.domain} className="max-sm:block max-sm:border-b max-sm:border-border max-sm:py-2">
                  <th scope="row" className={cn(cell, 'font-medium break-words max-sm:block max-sm:border-0')}>
                    <a
                      href={`#site-${site.id}`}
                      className="text-link underline-offset-2 hover:underline print:text-foreground"
                    >
                      {site.domain}
                    </a>
                  </th>
                  <td
                    data-label={t.summaryState}
                    className={cn(
                      cell,
                      stacked,
                      state.tone === 'danger' && 'font-semibold text-danger-text',
                      state.tone === 'warning' && 'font-semibold text-warning-text',
                    )}
                  >
                    {state.text}
                  </td>
                  <td data-label={t.firewall} className={cn(cell, stacked)}>
                    {site.firewallstatus === 1 ? t.on : t.off}
                  </td>
                  <td data-label={t.cleanup} className={cn(cell, stacked)}>
                    {site.autotreatment === 1 ? t.on : t.off}
                  </td>
                  <td data-label={t.lastScan} className={cn(cell, stacked)}>
                    {site.scanreport ? f.unixTime(site.scanreport.date) : t.never}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
