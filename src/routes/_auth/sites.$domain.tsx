import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { ScanReportView } from '../../components/reports/scan-report';
import { SiteActivity } from '../../features/activity/components/site-activity';
import { findSite, useSites } from '../../data/sites';
import { credentialsGetter } from '../../features/auth/session';
import { SiteActionsProvider } from '../../features/sites/components/site-actions';
import { SiteFirewall } from '../../features/sites/components/site-firewall';
import { ScanNowButton } from '../../features/sites/components/scan-now-button';
import { SiteHeader, SiteNotFound } from '../../features/sites/components/site-header';
import { sitePageMessages } from '../../features/sites/site-page-messages';
import { searchParam, searchSchema } from '../../lib/search-params';
import { useKeepPlace } from '../../lib/use-keep-place';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /sites/<domain>: one site (the UTF-8 name, percent-encoded in the URL). Its
 * parent route has loaded the list (with scan reports); an unknown name says
 * so. Under the header: the latest scan report and the 30-day firewall chart,
 * whose view (chart or table) is in the URL (`fw=table`).
 */
export const Route = createFileRoute('/_auth/sites/$domain')({
  validateSearch: searchSchema({ fw: searchParam(z.enum(['chart', 'table']), 'chart') }),
  search: { middlewares: [stripSearchParams({ fw: 'chart' as const })] },
  component: SitePage,
});

function SitePage() {
  const { domain } = Route.useParams();
  const search = Route.useSearch();
  const { data: sites } = useSites();
  const navigate = useNavigate();
  const { session } = Route.useRouteContext();
  const getCredentials = useMemo(() => credentialsGetter(session), [session]);
  const site = findSite(sites, domain);
  const p = useStore(sitePageMessages);
  usePageTitle(site ? site.domain : p.notFoundTitle);
  // A report arriving in the background (a scan finished) does not move the chart or table being read.
  const aboveChart = useKeepPlace<HTMLDivElement>();
  return (
    <SiteActionsProvider onDeleted={() => void navigate({ to: '/sites' })}>
      <div className="mx-auto max-w-5xl space-y-6 [overflow-anchor:none]">
        {site ? (
          <>
            <div ref={aboveChart} className="space-y-6">
              <SiteHeader site={site} unit={search.unit} />
              <ScanReportView report={site.scanreport} neverAction={<ScanNowButton site={site} />} />
            </div>
            <SiteFirewall
              site={site}
              unit={search.unit}
              getCredentials={getCredentials}
              view={search.fw}
              onViewChange={(fw) =>
                void navigate({ to: '.', search: (prev) => ({ ...prev, fw }), replace: true, resetScroll: false })
              }
            />
            <SiteActivity domain={site.domain} />
          </>
        ) : (
          <SiteNotFound domain={domain} />
        )}
      </div>
    </SiteActionsProvider>
  );
}
