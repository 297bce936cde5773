import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SitesPage } from '../../features/sites/components/sites-page';
import type { SitesSearch } from '../../data/site-model/sites-search';

/** /sites: the table, its search in the URL (validated by the parent, sites.tsx, which also asks for its first rows). */
export const Route = createFileRoute('/_auth/sites/')({
  component: SitesTableRoute,
});

function SitesTableRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
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
  return <SitesPage search={search} onSearch={onSearch} />;
}
