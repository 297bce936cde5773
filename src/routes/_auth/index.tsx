import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { workspaceOf } from '../../data/workspace-client';
import { shellMessages } from '../../features/shell/messages';
import { OverviewPage } from '../../features/overview/components/overview-page';
import { fleetQueryOptions } from '../../features/overview/fleet-query';

/**
 * `/`: the fleet overview. The loader asks the server for the fleet's figures
 * (alongside the shell's key check and this page's code) without waiting for
 * them: the page shows at once and fills in.
 * Only the signed-in overview loads the chart's code: never the entry or /login.
 */
export const Route = createFileRoute('/_auth/')({
  loader: ({ context }) => {
    // The loader travels with the component (vite.config.ts codeSplittingOptions), so the
    // fleet's query stays out of the entry chunk that /login loads too.
    void context.queryClient.prefetchQuery(fleetQueryOptions(workspaceOf(context.api)));
    // The chart's code (Recharts, its own chunk) loads while the figures are asked for, not after.
    void import('../../components/charts/firewall-chart').then((m) => m.preloadFirewallChart());
  },
  component: OverviewRoute,
});

function OverviewRoute() {
  const t = useStore(shellMessages);
  return <OverviewPage title={t.overview} />;
}
