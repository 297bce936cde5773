import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/')({
  component: OverviewPage,
});

function OverviewPage() {
  return (
    <PlaceholderPage
      title="Overview"
      intro="The state of your whole fleet at a glance, so you see first what needs attention."
      coming={[
        'Sites that need attention: threats found, incurable threats, suspicious files, never scanned, sync file missing.',
        'Firewall traffic across all sites over the last 30 days, by attack class.',
        'Scan and firewall coverage: how many sites scan on schedule and have the firewall on.',
      ]}
    />
  );
}
