import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ActivityPage } from '../../features/activity/components/activity-page';
import { activitySearchSchema } from '../../features/activity/search';
import { PageError } from '../../features/shell/page-error';

/** /activity?user&key&site&unit&kind&period: the team's log of changes, filtered (bookmarkable). */
export const Route = createFileRoute('/_auth/activity')({
  validateSearch: activitySearchSchema,
  search: { middlewares: [stripSearchParams({ period: 'all' as const })] },
  component: ActivityRoute,
  errorComponent: PageError,
});

function ActivityRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ActivityPage
      search={search}
      onSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
