/** One site of the printable report, on a page of its own: protection, the latest scan, the firewall's 30 days. */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { FirewallChart } from '../../../components/charts/firewall-chart';
import { firewallDays } from '../../../data/site-model/firewall-days';
import { ScanReportView } from '../../../components/reports/scan-report';
import type { Site } from '../../../api/schemas';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { clientReportMessages } from '../messages';

/**
 * `nested`: one of a unit's sites, under a heading of its own (h2, its
 * sections h3). `pageHead`: printed atop the site's page when it is not the
 * first (the agency and the period, ReportPageHead).
 */
export function SiteReport({
  site,
  first,
  nested,
  pageHead,
}: {
  site: Site;
  first: boolean;
  nested: boolean;
  pageHead?: ReactNode;
}) {
  const t = useStore(clientReportMessages);
  const f = useStore(format);
  const fact = (name: string, value: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{name}</dt>
      <dd className="text-sm font-medium text-foreground">{value}</dd>
    </div>
  );
  return (
    <section
      aria-labelledby={nested ? `site-${site.id}` : undefined}
      className={cn(
        'space-y-5',
        !first && 'mt-10 border-t border-border pt-6 print:mt-0 print:break-before-page print:border-0 print:pt-0',
      )}
      data-site={site.domain}
    >
      {first ? null : pageHead}
      {nested ? (
        <h2 id={`site-${site.id}`} className="text-xl font-semibold break-words text-foreground">
          {site.domain}
        </h2>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 print:grid-cols-4">
        {fact(t.firewall, site.firewallstatus === 1 ? t.on : t.off)}
        {fact(t.cleanup, site.autotreatment === 1 ? t.on : t.off)}
        {fact(t.lastScan, site.scanreport ? f.unixTime(site.scanreport.date) : t.never)}
        {fact(t.nextScan, site.nextscan > 0 ? f.unixTime(site.nextscan) : t.none)}
      </dl>
      <ScanReportView report={site.scanreport} headingLevel={nested ? 3 : 2} printable />
      <FirewallChart
        days={firewallDays(site.fwhistory)}
        subject={site.domain}
        headingLevel={nested ? 3 : 2}
        printable
        height={150}
      />
    </section>
  );
}
