import {
  createFileRoute,
  Outlet,
  stripSearchParams,
  useChildMatches,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { useCallback } from 'react';
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
  loaderDeps: ({ search: { unit, q, status, firewall, cleanup, period, scan, customer, sort, desc } }) => ({
    unit,
    view: unit === undefined ? { q, status, firewall, cleanup, period, scan, customer, sort, desc } : null,
  }),
  // The whole account's table asks the server's read model for the rows it shows (sites-page.tsx),
  // a site page (a child) for its one site (sites.$domain.tsx): the list is loaded here only for a
  // unit's sites (a short list). The loader stays in the entry (not split with the component): the
  // first window is asked for while the table's code loads (src/routes/-page-loads.ts).
  codeSplitGroupings: [['component'], ['errorComponent']],
  loader: async ({ context, deps, location }) =>
    (await import('../-page-loads')).loadSites(context, deps, isTable(location.pathname)),
  component: SitesRoute,
  errorComponent: SitesRouteError,
});

function SitesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const child = useChildMatches().length > 0;
  // The same function at every render: the page renders again only for a new search.
  const onSearch = useCallback(
    (change: Partial<SitesSearch>, options?: { replace?: boolean; resetScroll?: boolean }) =>
      void navigate({
        search: (prev) => ({ ...prev, ...change }),
        replace: options?.replace,
        resetScroll: options?.resetScroll,
      }),
    [navigate],
  );
  if (child) return <Outlet />;
  return <SitesPage search={search} onSearch={onSearch} />;
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
