import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/sites')({
  component: SitesPage,
});

function SitesPage() {
  return (
    <PlaceholderPage
      title="Sites"
      intro="Every site in your account, with its scans, firewall and options."
      coming={[
        'A table that stays fast with thousands of sites: search, filters and sort kept in the address.',
        'Per-site options: firewall, automatic cleanup and patching, scan period, permissions.',
        'Scan now, with progress until the new report arrives.',
        'Add sites by pasting a list or a CSV file, with each site’s error shown next to it.',
        'Bulk changes, CSV export, sharing with and unsharing from customers (units).',
        'A page per site with its whole scan report and 30-day firewall history.',
      ]}
    />
  );
}
