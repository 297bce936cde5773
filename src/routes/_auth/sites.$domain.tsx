import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import { SiteActivity } from '../../features/activity/components/site-activity';
import { SitePage } from '../../features/site-page/components/site-page';
import { oneOf, searchParam, searchSchema } from '../../lib/search-params';

/**
 * /sites/<domain>: one site (the UTF-8 name, percent-encoded in the URL). Its
 * parent route has loaded the list (with scan reports); an unknown name says
 * so. Under the header: the latest scan report and the 30-day firewall chart,
 * whose view (chart or table) is in the URL (`fw=table`).
 */
export const Route = createFileRoute('/_auth/sites/$domain')({
  validateSearch: searchSchema({ fw: searchParam(oneOf(['chart', 'table']), 'chart') }),
  search: { middlewares: [stripSearchParams({ fw: 'chart' as const })] },
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
