import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../features/shell/page-error';
import { SiteHealth } from '../../features/sync-file/components/site-health';
import { SyncFilePage } from '../../features/sync-file/components/sync-file-page';

export const Route = createFileRoute('/_auth/sync-file')({
  component: SyncFileRoute,
  errorComponent: PageError,
});

/** The page, with its per-site health: the sites that miss the file, re-checked from here. */
function SyncFileRoute() {
  return <SyncFilePage siteHealth={<SiteHealth />} />;
}
