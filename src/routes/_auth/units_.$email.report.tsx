import { useStore } from '@nanostores/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { preloadFirewallChart } from '../../components/charts/firewall-chart';
import { firewallDays } from '../../data/site-model/firewall-days';
import { agencyQueryOptions } from '../../data/agency-query';
import { sitesHistoryQueryOptions } from '../../data/site-history-query';
import { BACK_LINK_CLASS, ReportPage, ReportPageHead } from '../../features/reports/components/report-page';
import { SiteReport } from '../../features/reports/components/site-report';
import { SitesSummary } from '../../features/reports/components/sites-summary';
import { clientReportMessages } from '../../features/reports/messages';
import { PageError } from '../../features/shell/page-error';
import { useApi } from '../../lib/api-context';

/**
 * /units/<email>/report: the printable client report of a unit (an agency's
 * customer, docs/partner-api.md#unit-methods), one page per site, each headed with the agency and
 * the period, from `sites_list?unit=` with reports and history. An
 * unknown unit is the catalogue's 142900.
 */
export const Route = createFileRoute('/_auth/units_/$email/report')({
  staticData: { bare: true },
  loader: async ({ context, params }) => {
    // The charts' code loads while the sites are asked for, so each draws in its turn (and a print
    // has them all); a chunk that fails to load leaves the chart's own fallback.
    const chart = preloadFirewallChart().catch(() => null);
    const agency = context.queryClient.ensureQueryData(agencyQueryOptions(context.api)).catch(() => null);
    await context.queryClient.ensureQueryData(sitesHistoryQueryOptions(context.api, params.email));
    await Promise.all([agency, chart]);
  },
  component: UnitReportRoute,
  errorComponent: PageError,
});

function UnitReportRoute() {
  const { email } = Route.useParams();
  const t = useStore(clientReportMessages);
  const { data } = useSuspenseQuery(sitesHistoryQueryOptions(useApi(), email));
  const sites = [...data].sort((a, b) => a.domain.localeCompare(b.domain));
  return (
    <ReportPage
      subtitle={`${t.forUnit({ unit: email })} · ${t.sites(sites.length)}`}
      subject={email}
      days={firewallDays(sites[0]?.fwhistory)}
      back={
        <Link to="/units" search={{ unit: email }} className={BACK_LINK_CLASS}>
          {t.back}
        </Link>
      }
    >
      {sites.length === 0 ? <p className="text-foreground">{t.noSites}</p> : null}
      {/* Two sites or more open with a table of them all (its own printed page); one is its own summary. */}
      {sites.length > 1 ? <SitesSummary sites={sites} /> : null}
      {sites.map((site, i) => (
        <SiteReport
          key={site.domain}
          site={site}
          first={i === 0 && sites.length === 1}
          nested
          pageHead={<ReportPageHead days={firewallDays(site.fwhistory)} />}
        />
      ))}
    </ReportPage>
  );
}
