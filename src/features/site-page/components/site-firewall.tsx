/**
 * The site page's firewall section: the shared 30-day chart
 * (src/components/charts) over this site's `fwhistory`. sites_list has no
 * filter by site (docs/partner-api.md#sites_list): the history comes from the unit's small list
 * when the page was opened from a unit, else from the account's, read in a
 * Web Worker that sends back this site alone (src/data/site-history-query.ts;
 * the sites table never asks for it). A refetch in the background keeps the
 * view and the numbers on screen until the new ones are in.
 */
import { useStore } from '@nanostores/react';
import { FirewallChart, type FirewallView } from '../../../components/charts/firewall-chart';
import { firewallDays } from '../../../data/site-model/firewall-days';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSiteHistory, useSitesHistory } from '../../../data/site-history-query';
import { findSite, type Site } from '../../../data/sites';
import { sitePageMessages } from '../messages';

interface SiteFirewallProps {
  site: Site;
  unit?: string | undefined;
  view: FirewallView;
  onViewChange: (view: FirewallView) => void;
}

export function SiteFirewall({ site, unit, view, onViewChange }: SiteFirewallProps) {
  const p = useStore(sitePageMessages);
  const ofUnit = useSitesHistory(unit);
  // A unit's list that turns out not to hold the site: the account's then.
  const inUnit = unit !== undefined && ofUnit.data ? findSite(ofUnit.data, site.domain) : undefined;
  const needAccount = unit === undefined || (ofUnit.isSuccess && !inUnit) || ofUnit.isError;
  const ofAccount = useSiteHistory(site.domain, { enabled: needAccount });
  const query = inUnit ? ofUnit : ofAccount;
  const listed = query.data ? findSite(query.data, site.domain) : undefined;

  if (query.isError && !query.data) {
    return (
      <Card className="p-4">
        <h2 className="text-base font-semibold text-foreground">{p.firewallTitle}</h2>
        <ApiErrorAlert error={query.error} title={p.historyFailed} className="mt-3" />
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {p.retry}
        </Button>
      </Card>
    );
  }
  if (!query.data) {
    return (
      <Card className="flex min-h-[40rem] flex-col p-4" aria-busy="true">
        <h2 className="text-base font-semibold text-foreground">{p.firewallTitle}</h2>
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {p.historyLoading}
        </p>
      </Card>
    );
  }
  return (
    <div className="space-y-2">
      {site.firewallstatus === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="firewall-off">
          {p.firewallOff}
        </p>
      ) : null}
      <FirewallChart
        days={firewallDays(listed?.fwhistory)}
        subject={site.domain}
        title={p.firewallTitle}
        view={view}
        onViewChange={onViewChange}
      />
    </div>
  );
}
