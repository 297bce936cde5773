import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { findSite, useSites } from '../../data/sites';
import { SiteActionsProvider } from '../../features/sites/components/site-actions';
import { SiteHeader, SiteNotFound } from '../../features/sites/components/site-header';
import { sitePageMessages } from '../../features/sites/site-page-messages';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /sites/<domain>: one site (the UTF-8 name, percent-encoded in the URL). Its
 * parent route has loaded the list; an unknown name says so. The scan report
 * and charts come under the header (issue 8).
 */
export const Route = createFileRoute('/_auth/sites/$domain')({
  component: SitePage,
});

function SitePage() {
  const { domain } = Route.useParams();
  const { data: sites } = useSites();
  const navigate = useNavigate();
  const site = findSite(sites, domain);
  const p = useStore(sitePageMessages);
  usePageTitle(site ? site.domain : p.notFoundTitle);
  return (
    <SiteActionsProvider onDeleted={() => void navigate({ to: '/sites' })}>
      <div className="mx-auto max-w-5xl">{site ? <SiteHeader site={site} /> : <SiteNotFound domain={domain} />}</div>
    </SiteActionsProvider>
  );
}
