import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { shellMessages } from '../../features/shell/messages';
import { placeholderMessages } from '../../features/shell/placeholder-messages';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/sync-file')({
  component: SyncFilePage,
});

function SyncFilePage() {
  const t = useStore(shellMessages);
  const p = useStore(placeholderMessages);
  return (
    <PlaceholderPage title={t.syncFile} intro={p.syncFileIntro} coming={[p.syncFile1, p.syncFile2, p.syncFile3]} />
  );
}
