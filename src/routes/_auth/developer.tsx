import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/developer')({
  component: DeveloperPage,
});

function DeveloperPage() {
  return (
    <PlaceholderPage
      title="Developer"
      intro="Tools for integrators: what your key can do, and a playground for the API."
      coming={[
        'The methods available to your key, with their parameters and error codes.',
        'Your key’s and user’s details as the service reports them.',
        'An api_test playground that shows the signed request and the raw answer.',
      ]}
    />
  );
}
