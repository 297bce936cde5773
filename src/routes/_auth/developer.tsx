import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { shellMessages } from '../../features/shell/messages';
import { placeholderMessages } from '../../features/shell/placeholder-messages';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/developer')({
  component: DeveloperPage,
});

function DeveloperPage() {
  const t = useStore(shellMessages);
  const p = useStore(placeholderMessages);
  return (
    <PlaceholderPage title={t.developer} intro={p.developerIntro} coming={[p.developer1, p.developer2, p.developer3]} />
  );
}
