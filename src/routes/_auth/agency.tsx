import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { shellMessages } from '../../features/shell/messages';
import { placeholderMessages } from '../../features/shell/placeholder-messages';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/agency')({
  component: AgencyPage,
});

function AgencyPage() {
  const t = useStore(shellMessages);
  const p = useStore(placeholderMessages);
  return <PlaceholderPage title={t.agency} intro={p.agencyIntro} coming={[p.agency1, p.agency2, p.agency3]} />;
}
