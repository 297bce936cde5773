import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { shellMessages } from '../../features/shell/messages';
import { OverviewPage } from '../../features/overview/components/overview-page';

/**
 * `/`: the fleet overview. The loader asks the server for the fleet's figures
 * (alongside the shell's key check and this page's code) without waiting for
 * them: the page shows at once and fills in.
 * Only the signed-in overview loads the chart's code: never the entry or /login.
 */
export const Route = createFileRoute('/_auth/')({
  // The loader stays in the entry (not split with the component): the figures are asked for, and the
  // chart's code (Recharts, its own chunk) loads, while the page's code loads (src/routes/-page-loads.ts).
  codeSplitGroupings: [['component'], ['errorComponent']],
  loader: async ({ context }) => (await import('../-page-loads')).loadOverview(context),
  component: OverviewRoute,
});

function OverviewRoute() {
  const t = useStore(shellMessages);
  return <OverviewPage title={t.overview} />;
}
