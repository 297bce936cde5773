import { useStore } from '@nanostores/react';
import { createFileRoute } from '@tanstack/react-router';
import { shellMessages } from '../../features/shell/messages';
import { placeholderMessages } from '../../features/shell/placeholder-messages';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/units')({
  component: UnitsPage,
});

function UnitsPage() {
  const t = useStore(shellMessages);
  const p = useStore(placeholderMessages);
  return <PlaceholderPage title={t.units} intro={p.unitsIntro} coming={[p.units1, p.units2, p.units3]} />;
}
