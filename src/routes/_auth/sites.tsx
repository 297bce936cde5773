import { createFileRoute, stripSearchParams, type ErrorComponentProps } from '@tanstack/react-router';
import { isUnknownUnit, UnknownUnit } from '../../features/sites/components/sites-error';
import { SEARCH_DEFAULTS, sitesSearchSchema } from '../../data/site-model/sites-search';
import { PageError } from '../../features/shell/page-error';

const { unit: _unit, ...stripped } = SEARCH_DEFAULTS;

const isTable = (pathname: string) => /^\/sites\/?$/.test(pathname);

/**
 * /sites and its children: the table (sites.index.tsx) and a site page (sites.$domain.tsx), which
 * share the table's search (a site page keeps `unit`). No component of its own: each child's code
 * is its own chunk, so a site page does not load the table's.
 */
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
  codeSplitGroupings: [['errorComponent']],
  loader: async ({ context, deps, location }) =>
    (await import('../-page-loads')).loadSites(context, deps, isTable(location.pathname)),
  errorComponent: SitesRouteError,
});

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
