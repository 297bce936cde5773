import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { credentialsOf } from '../../features/auth/session';
import { shellMessages } from '../../features/shell/messages';
import { OverviewPage } from '../../features/sites/overview/components/overview-page';

/**
 * `/`: the fleet overview. No loader: the page shows at once and fills in as
 * its worker reads the fleet (counters first, the firewall traffic after).
 */
export const Route = createFileRoute('/_auth/')({
  component: OverviewRoute,
});

function OverviewRoute() {
  const t = useStore(shellMessages);
  const { session } = Route.useRouteContext();
  const getCredentials = useCallback(() => {
    const current = session.get();
    return current ? credentialsOf(current) : null;
  }, [session]);
  return <OverviewPage title={t.overview} getCredentials={getCredentials} />;
}
