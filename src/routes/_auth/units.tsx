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
        'The customers this dashboard has seen, checked against the service (the API has no method that lists units).',
        'Rename a customer’s e-mail: all sites shared with them follow.',
        'Delete a customer, keeping or deleting their sites.',
      ]}
    />
  );
}
