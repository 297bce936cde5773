import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { shellMessages } from '../../features/shell/messages';
import { placeholderMessages } from '../../features/shell/placeholder-messages';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/sites')({
  component: SitesPage,
});

function SitesPage() {
  const t = useStore(shellMessages);
  const p = useStore(placeholderMessages);
  return (
    <PlaceholderPage
      title={t.sites}
      intro={p.sitesIntro}
      coming={[p.sites1, p.sites2, p.sites3, p.sites4, p.sites5, p.sites6]}
    />
  );
}
