import { createFileRoute } from '@tanstack/react-router';
import { agencyQueryOptions } from '../../data/agency-query';
import { AgencyPage } from '../../features/agency/components/agency-page';
import { PageError } from '../../features/shell/page-error';

export const Route = createFileRoute('/_auth/agency')({
  loader: ({ context }) => context.queryClient.ensureQueryData(agencyQueryOptions(context.api)),
  component: AgencyPage,
  errorComponent: PageError,
});
