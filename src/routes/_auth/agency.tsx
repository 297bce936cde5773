import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../features/shell/placeholder-page';

export const Route = createFileRoute('/_auth/agency')({
  component: AgencyPage,
});

function AgencyPage() {
  return (
    <PlaceholderPage
      title="Agency"
      intro="Your agency profile: the name and logo your customers see, contact and bank details."
      coming={[
        'Create, edit and delete the agency profile, every field checked before it is sent.',
        'Your name and logo in this dashboard’s header and on printable client reports.',
        'A profile is needed before sites can be shared with customers.',
      ]}
    />
  );
}
