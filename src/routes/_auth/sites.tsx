import {
  createFileRoute,
  Outlet,
  stripSearchParams,
  useChildMatches,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { accountQueryOptions } from '../../data/account';
import { sitesQueryOptions } from '../../data/sites-query';
import { isUnknownUnit, UnknownUnit } from '../../features/sites/components/sites-error';
import { SitesPage } from '../../features/sites/components/sites-page';
import { SEARCH_DEFAULTS, sitesSearchSchema, type SitesSearch } from '../../data/site-model/sites-search';
import { PageError } from '../../features/shell/page-error';

const { unit: _unit, ...stripped } = SEARCH_DEFAULTS;

const isTable = (pathname: string) => /^\/sites\/?$/.test(pathname);

/** /sites: the table; /sites/<domain> (a child) the site page. */
export const Route = createFileRoute('/_auth/sites')({
  validateSearch: sitesSearchSchema,
  search: { middlewares: [stripSearchParams(stripped)] },
  loaderDeps: ({ search }) => ({ unit: search.unit }),
  loader: ({ context, deps, location }) =>
    Promise.all([
      // A site page (a child) asks for its one site (sites.$domain.tsx), not for the list.
      isTable(location.pathname)
        ? context.queryClient.ensureQueryData(sitesQueryOptions(context.api, deps.unit))
        : undefined,
      context.queryClient.ensureQueryData(accountQueryOptions(context.api)),
    ]),
  component: SitesRoute,
  errorComponent: SitesRouteError,
});

function SitesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const child = useChildMatches().length > 0;
  if (child) return <Outlet />;
  return (
    <SitesPage
      search={search}
      onSearch={(change: Partial<SitesSearch>, options) =>
        void navigate({ search: (prev) => ({ ...prev, ...change }), replace: options?.replace })
      }
    />
  );
}

function SitesRouteError(props: ErrorComponentProps) {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (search.unit && isUnknownUnit(props.error)) {
    return (
      <UnknownUnit
        error={props.error}
        unit={search.unit}
        onShowAll={() => {
          props.reset();
          void navigate({ search: (prev) => ({ ...prev, unit: undefined }) });
        }}
      />
    );
  }
  return <PageError {...props} />;
}
