import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import { SiteActivity } from '../../features/activity/components/site-activity';
import { SitePage } from '../../features/site-page/components/site-page';
import { oneOf, searchParam, searchSchema } from '../../lib/search-params';

/**
 * /sites/<domain>: one site (the UTF-8 name, percent-encoded in the URL), as
 * the server last read the fleet; an unknown name says so. Under the header:
 * the latest scan report and the 30-day firewall chart, whose view (chart or
 * table) is in the URL (`fw=table`).
 */
export const Route = createFileRoute('/_auth/sites/$domain')({
  validateSearch: searchSchema({ fw: searchParam(oneOf(['chart', 'table']), 'chart') }),
  search: { middlewares: [stripSearchParams({ fw: 'chart' as const })] },
  // The loader stays in the entry (not split with the component): the site is asked for, and the
  // chart's code (Recharts, its own chunk) loads, while the page's code loads (src/routes/-page-loads.ts).
  codeSplitGroupings: [['component'], ['errorComponent']],
  loader: async ({ context, params }) => (await import('../-page-loads')).loadSitePage(context, params.domain),
  component: SitePageRoute,
});

function SitePageRoute() {
  const { domain } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <SitePage
      domain={domain}
      unit={search.unit}
      view={search.fw}
      onViewChange={(fw) =>
        void navigate({ to: '.', search: (prev) => ({ ...prev, fw }), replace: true, resetScroll: false })
      }
      onDeleted={() => void navigate({ to: '/sites' })}
      below={(site) => <SiteActivity domain={site} />}
    />
  );
}
