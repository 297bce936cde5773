/**
 * The site page's firewall section: the shared 30-day chart
 * (src/components/charts) over this site's `fwhistory`, as the server last
 * read it with the site (src/data/fleet-site-query.ts). A refetch in the
 * background keeps the view and the numbers on screen until the new ones are in.
 */
import { useStore } from '@nanostores/react';
import { FirewallChart, type FirewallView } from '../../../components/charts/firewall-chart';
import { firewallDays } from '../../../data/site-model/firewall-days';
import type { Site } from '../../../data/sites';
import { sitePageMessages } from '../messages';

interface SiteFirewallProps {
  site: Site;
  view: FirewallView;
  onViewChange: (view: FirewallView) => void;
}

export function SiteFirewall({ site, view, onViewChange }: SiteFirewallProps) {
  const p = useStore(sitePageMessages);
  return (
    <div className="space-y-2">
      {site.firewallstatus === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="firewall-off">
          {p.firewallOff}
        </p>
      ) : null}
      <FirewallChart
        days={firewallDays(site.fwhistory)}
        subject={site.domain}
        title={p.firewallTitle}
        view={view}
        onViewChange={onViewChange}
      />
    </div>
  );
}
