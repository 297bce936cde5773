import { createFileRoute } from '@tanstack/react-router';
import { RE } from '../../api/registry/define';
import { accountQueryOptions } from '../../data/account';
import { UnitsPage } from '../../features/units/components/units-page';
import { PageError } from '../../features/shell/page-error';
import { optional, searchParam, searchSchema, text } from '../../lib/search-params';

/** /units?unit=<email>: the directory, and the unit shown (bookmarkable). */
export const Route = createFileRoute('/_auth/units')({
  validateSearch: searchSchema({
    unit: searchParam(optional(text({ max: 254, pattern: RE.email })), undefined),
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueryOptions(context.api)),
  component: UnitsRoute,
  errorComponent: PageError,
});

function UnitsRoute() {
  const { unit } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The page keeps its place: a customer chosen brings its sites into view by their focus (units-page.tsx).
  return <UnitsPage unit={unit} onSelect={(next) => void navigate({ search: { unit: next }, resetScroll: false })} />;
}
