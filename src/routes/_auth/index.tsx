import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { shellMessages } from '../../features/shell/messages';
import { placeholderMessages } from '../../features/shell/placeholder-messages';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/')({
  component: OverviewPage,
});

function OverviewPage() {
  const t = useStore(shellMessages);
  const p = useStore(placeholderMessages);
  return (
    <PlaceholderPage title={t.overview} intro={p.overviewIntro} coming={[p.overview1, p.overview2, p.overview3]} />
  );
}
