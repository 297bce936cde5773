import { useStore } from '@nanostores/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { RE, regex } from '../../api/registry/define';
import { firewallDays } from '../../components/charts/firewall-days';
import { agencyQueryOptions } from '../../data/agency-query';
import { sitesHistoryQueryOptions } from '../../data/site-history-query';
import { findSite } from '../../data/sites';
import { BACK_LINK_CLASS, ReportPage } from '../../features/reports/components/report-page';
import { SiteReport } from '../../features/reports/components/site-report';
import { clientReportMessages } from '../../features/reports/messages';
import { PageError } from '../../features/shell/page-error';
import { useApi } from '../../lib/api-context';
import { searchParam, searchSchema } from '../../lib/search-params';

/**
 * /sites/<domain>/report: the printable client report of one site (issue 8),
 * without the shell. With `unit=` (opened from a unit) the history comes from
 * that unit's small list, else from the account's (sites_list has no filter
 * by site, spec §4.3).
 */
export const Route = createFileRoute('/_auth/sites_/$domain/report')({
  staticData: { bare: true },
  validateSearch: searchSchema({
    unit: searchParam(z.optional(z.string().check(z.maxLength(254), z.regex(regex(RE.email)))), undefined),
  }),
  loaderDeps: ({ search }) => ({ unit: search.unit }),
  // A site not in the unit's list: the component asks for the account's (AccountReport).
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(agencyQueryOptions(context.api)).catch(() => null),
      context.queryClient.ensureQueryData(sitesHistoryQueryOptions(context.api, deps.unit)),
    ]),
  component: SiteReportRoute,
  errorComponent: PageError,
});

function SiteReportRoute() {
  const { domain } = Route.useParams();
  const { unit } = Route.useSearch();
  const api = useApi();
  const { data: ofUnit } = useSuspenseQuery(sitesHistoryQueryOptions(api, unit));
  const inUnit = findSite(ofUnit, domain);
  if (inUnit || unit === undefined) return <Report domain={domain} site={inUnit} unit={unit} />;
  return <AccountReport domain={domain} />;
}

function AccountReport({ domain }: { domain: string }) {
  const { data } = useSuspenseQuery(sitesHistoryQueryOptions(useApi()));
  return <Report domain={domain} site={findSite(data, domain)} unit={undefined} />;
}

function Report({
  domain,
  site,
  unit,
}: {
  domain: string;
  site: ReturnType<typeof findSite>;
  unit: string | undefined;
}) {
  const t = useStore(clientReportMessages);
  const name = site?.domain ?? domain;
  return (
    <ReportPage
      subtitle={t.forSite({ domain: name })}
      subject={name}
      days={firewallDays(site?.fwhistory)}
      back={
        <Link to="/sites/$domain" params={{ domain: name }} search={{ unit }} className={BACK_LINK_CLASS}>
          {t.back}
        </Link>
      }
    >
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
