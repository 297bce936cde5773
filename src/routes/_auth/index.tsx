import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { shellMessages } from '../../features/shell/messages';
import { OverviewPage } from '../../features/overview/components/overview-page';
import { fleetQueryOptions } from '../../features/overview/fleet-query';

/**
 * `/`: the fleet overview. The loader starts reading the fleet (alongside the
 * shell's key check and this page's code) without waiting for it: the page
 * shows at once and fills in, the counters first, the firewall traffic after.
 * Only the signed-in overview loads the chart's code: never the entry or /login.
 */
export const Route = createFileRoute('/_auth/')({
  loader: ({ context }) => {
    // The loader travels with the component (vite.config.ts codeSplittingOptions), so the
    // fleet's query stays out of the entry chunk that /login loads too.
    void context.queryClient.prefetchQuery(fleetQueryOptions(context.api));
    // The chart's code (Recharts, its own chunk) loads while the worker reads, not after.
    void import('../../components/charts/firewall-chart').then((m) => m.preloadFirewallChart());
  },
  component: OverviewRoute,
});

function OverviewRoute() {
  const t = useStore(shellMessages);
  return <OverviewPage title={t.overview} />;
}
