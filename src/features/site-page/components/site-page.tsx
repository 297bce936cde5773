import { useStore } from '@nanostores/react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FirewallView } from '../../../components/charts/firewall-chart';
import { FleetFreshnessLine, FleetRefreshError } from '../../../components/fleet/fleet-freshness';
import { ScanReportView } from '../../../components/reports/scan-report';
import { ScanNowButton } from '../../../components/site/scan-now-button';
import { SiteActionsProvider } from '../../../components/site/site-actions';
import { stillReading } from '../../../data/fleet-reading';
import { fleetSiteQueryOptions, useFleetFreshness, useRefreshFleetSite } from '../../../data/fleet-site-query';
import { useApi } from '../../../lib/api-context';
import { useKeepPlace } from '../../../lib/use-keep-place';
import { useShownAfterFirst } from '../../../lib/use-shown-after-first';
import { usePageTitle } from '../../../lib/use-page-title';
import { sitePageMessages } from '../messages';
import { SiteFirewall } from './site-firewall';
import { SiteHeader, SiteNotFound } from './site-header';

interface SitePageProps {
  /** The site's UTF-8 name, as in the URL. */
  domain: string;
  /** The unit the page was opened from (the sites page's `unit=`). */
  unit: string | undefined;
  /** The firewall's 30 days as a chart or a table (the URL's `fw=`). */
  view: FirewallView;
  onViewChange: (view: FirewallView) => void;
  /** After the site was deleted from its page. */
  onDeleted: () => void;
  /** What the route adds under the firewall for a site that exists (its recent activity), by its UTF-8 name. */
  below?: (domain: string) => ReactNode;
}

/**
 * One site, as the server last read the fleet (its route's loader has asked
 * for it: src/data/fleet-site-query.ts), with how fresh that read is and a
 * refresh; an unknown name says so. Under the header: the latest scan report
 * and the 30-day firewall chart or table, rendered just after the header
 * (useShownAfterFirst), which is what a phone's first screen shows.
 */
export function SitePage({ domain, unit, view, onViewChange, onDeleted, below }: SitePageProps) {
  const api = useApi();
  const { data: sites } = useSuspenseQuery(fleetSiteQueryOptions(api, useQueryClient(), domain));
  // A scan's report read from a list before the server has it is laid over by the query (listed-reports.ts).
  const site = sites[0];
  const freshness = useFleetFreshness();
  const refresh = useRefreshFleetSite(domain);
  const p = useStore(sitePageMessages);
  usePageTitle(site ? site.domain : p.notFoundTitle);
  // A report arriving in the background (a scan finished) does not move the chart or table being read.
  const aboveChart = useKeepPlace<HTMLDivElement>();
  const rest = useShownAfterFirst();
  const fresh = freshness ? (
    <div className="space-y-3">
      <FleetFreshnessLine freshness={freshness} onRefresh={refresh} className="justify-end" />
      <FleetRefreshError freshness={freshness} onRetry={refresh} />
    </div>
  ) : null;
  return (
    <SiteActionsProvider onDeleted={onDeleted}>
      <div className="mx-auto max-w-5xl space-y-6 [overflow-anchor:none]">
        {site ? (
          <>
            <div ref={aboveChart} className="space-y-6">
              <SiteHeader site={site} unit={unit} />
              {fresh}
              {rest ? <ScanReportView report={site.scanreport} neverAction={<ScanNowButton site={site} />} /> : null}
            </div>
            {rest ? (
              <>
                <SiteFirewall site={site} view={view} onViewChange={onViewChange} />
                {below?.(site.domain)}
              </>
            ) : null}
          </>
        ) : (
          <>
            {/* While the server reads the account again (the page's first ask: the site may be new), it says so. */}
            <SiteNotFound domain={domain} reading={stillReading(freshness)} />
            {fresh}
          </>
        )}
      </div>
    </SiteActionsProvider>
  );
}
