import { useStore } from '@nanostores/react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { RE } from '../../api/registry/define';
import { firewallDays } from '../../data/site-model/firewall-days';
import { agencyQueryOptions } from '../../data/agency-query';
import type { ReactNode } from 'react';
import { preloadFirewallChart } from '../../components/charts/firewall-chart';
import { FleetFreshnessLine } from '../../components/fleet/fleet-freshness';
import { fleetSiteQueryOptions, useFleetFreshness, useRefreshFleetSite } from '../../data/fleet-site-query';
import { sitesHistoryQueryOptions } from '../../data/site-history-query';
import { findSite } from '../../data/find-site';
import { useSiteCustomer } from '../../data/workspace';
import { BACK_LINK_CLASS, ReportPage } from '../../features/reports/components/report-page';
import { SiteReport } from '../../features/reports/components/site-report';
import { clientReportMessages } from '../../features/reports/messages';
import { PageError } from '../../features/shell/page-error';
import { useApi } from '../../lib/api-context';
import { optional, searchParam, searchSchema, text } from '../../lib/search-params';

/**
 * /sites/<domain>/report: the printable client report of one site,
 * without the shell. With `unit=` (opened from a unit) the history comes from
 * that unit's small list, else, as on the site page, from the server's read of
 * the fleet: this site alone (sites_list has no filter by site, docs/partner-api.md#sites_list).
 */
export const Route = createFileRoute('/_auth/sites_/$domain/report')({
  staticData: { bare: true },
  validateSearch: searchSchema({
    unit: searchParam(optional(text({ max: 254, pattern: RE.email })), undefined),
  }),
  loaderDeps: ({ search }) => ({ unit: search.unit }),
  // A site not in the unit's list: the component asks for the account's (AccountReport).
  loader: ({ context, deps, params }) =>
    Promise.all([
      // The chart's code (Recharts, its own chunk) loads while the site is asked for, so the chart draws
      // a task after the page (and a print has it); a chunk that fails to load leaves the chart's own fallback.
      preloadFirewallChart().catch(() => null),
      context.queryClient.ensureQueryData(agencyQueryOptions(context.api)).catch(() => null),
      deps.unit === undefined
        ? context.queryClient.ensureQueryData(fleetSiteQueryOptions(context.api, context.queryClient, params.domain))
        : context.queryClient.ensureQueryData(sitesHistoryQueryOptions(context.api, deps.unit)),
    ]),
  component: SiteReportRoute,
  errorComponent: PageError,
});

function SiteReportRoute() {
  const { domain } = Route.useParams();
  const { unit } = Route.useSearch();
  if (unit === undefined) return <AccountReport domain={domain} />;
  return <UnitSiteReport domain={domain} unit={unit} />;
}

function UnitSiteReport({ domain, unit }: { domain: string; unit: string }) {
  const { data: ofUnit } = useSuspenseQuery(sitesHistoryQueryOptions(useApi(), unit));
  const inUnit = findSite(ofUnit, domain);
  if (inUnit) return <Report domain={domain} site={inUnit} unit={unit} />;
  return <AccountReport domain={domain} />;
}

function AccountReport({ domain }: { domain: string }) {
  const { data } = useSuspenseQuery(fleetSiteQueryOptions(useApi(), useQueryClient(), domain));
  const freshness = useFleetFreshness();
  const refresh = useRefreshFleetSite(domain);
  // From the server's read of the fleet: the report says as of when, in print too (Refresh only on screen).
  const fresh = freshness ? (
    <FleetFreshnessLine freshness={freshness} onRefresh={refresh} className="justify-end print:[&_button]:hidden" />
  ) : null;
  return <Report domain={domain} site={findSite(data, domain)} unit={undefined} fresh={fresh} />;
}

function Report({
  domain,
  site,
  unit,
  fresh = null,
}: {
  domain: string;
  site: ReturnType<typeof findSite>;
  unit: string | undefined;
  /** How fresh the site's data is, when it comes from the server's read of the fleet. */
  fresh?: ReactNode;
}) {
  const t = useStore(clientReportMessages);
  const name = site?.domain ?? domain;
  // The customer it is for: the unit it was opened from, else the one the team's workspace knows.
  const known = useSiteCustomer(name);
  const customer = unit ?? known;
  return (
    <ReportPage
      subtitle={
        customer ? `${t.forSite({ domain: name })} · ${t.forUnit({ unit: customer })}` : t.forSite({ domain: name })
      }
      subject={name}
      days={firewallDays(site?.fwhistory)}
      back={
        <Link to="/sites/$domain" params={{ domain: name }} search={{ unit }} className={BACK_LINK_CLASS}>
          {t.back}
        </Link>
      }
    >
      {fresh}
      {site ? (
        <SiteReport site={site} first nested={false} />
      ) : (
        <p role="alert" className="text-foreground">
          {t.siteMissing({ domain })}
        </p>
      )}
    </ReportPage>
  );
}
