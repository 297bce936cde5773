import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/sync-file')({
  component: SyncFilePage,
});

function SyncFilePage() {
  return (
    <PlaceholderPage
      title="Sync file"
      intro="The synchronization file connects a site to the security service; scans run through it."
      coming={[
        'Download your synchronization file under the exact name it must carry.',
        'A step-by-step guide to upload it to each site’s root folder.',
        'Which sites still miss the file.',
      ]}
    />
  );
}
