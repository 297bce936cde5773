import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/units')({
  component: UnitsPage,
});

function UnitsPage() {
  return (
    <PlaceholderPage
      title="Units"
      intro="Your end customers (units), each known by an e-mail address, and the sites shared with them."
      coming={[
        'The customers this dashboard has seen, each checked with the service. The service does not offer a list of your customers, so the dashboard keeps its own: everyone you share sites with here, and every address you look up.',
        'Rename a customer’s e-mail: all sites shared with them follow.',
        'Delete a customer, keeping or deleting their sites.',
      ]}
    />
  );
}
