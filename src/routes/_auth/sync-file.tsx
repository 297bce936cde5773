import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../features/shell/page-error';
import { SiteHealthFallback } from '../../features/sync-file/components/site-health-fallback';
import { SyncFilePage } from '../../features/sync-file/components/sync-file-page';

export const Route = createFileRoute('/_auth/sync-file')({
  component: SyncFileRoute,
  errorComponent: PageError,
});

/** The page, with what its per-site health slot shows: where sites that miss the file are re-checked. */
function SyncFileRoute() {
  return <SyncFilePage siteHealth={<SiteHealthFallback />} />;
}
