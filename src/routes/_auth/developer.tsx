import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RE } from '../../api/registry/define';
import { methodListQueryOptions } from '../../features/developer/api/methods';
import { partnerApiBaseQueryOptions } from '../../features/developer/api/partner-api';
import { DeveloperPage } from '../../features/developer/components/developer-page';
import { DEVELOPER_TABS } from '../../features/developer/tabs';
import { PageError } from '../../features/shell/page-error';
import { oneOf, optional, searchParam, searchSchema, text } from '../../lib/search-params';

export const Route = createFileRoute('/_auth/developer')({
  validateSearch: searchSchema({
    tab: searchParam(oneOf(DEVELOPER_TABS), 'methods'),
    method: searchParam(optional(text({ pattern: RE.methodName })), undefined),
    q: searchParam(text({ max: 200 }), ''),
  }),
  // Defaults stay out of the address: /developer, not /developer?tab=methods&q=.
  search: { middlewares: [stripSearchParams({ tab: 'methods', q: '' })] },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(partnerApiBaseQueryOptions());
    return context.queryClient.ensureQueryData(methodListQueryOptions(context.api));
  },
  component: DeveloperRoute,
  errorComponent: PageError,
});

function DeveloperRoute() {
  const { tab, method, q } = Route.useSearch();
  const { signedIn } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const apiBaseUrl = useQuery(partnerApiBaseQueryOptions()).data ?? null;
  return (
    <DeveloperPage
      tab={tab}
      method={method}
      query={q}
      apiBaseUrl={apiBaseUrl}
      credentials={signedIn.macKey ? { apiKey: signedIn.apiKey, macKey: signedIn.macKey } : { apiKey: signedIn.apiKey }}
      onTabChange={(next) => void navigate({ search: (s) => ({ ...s, tab: next }) })}
      onMethodChange={(next, nextTab) =>
        void navigate({ search: (s) => ({ ...s, method: next, tab: nextTab ?? s.tab }) })
      }
      onQueryChange={(next) => void navigate({ search: (s) => ({ ...s, q: next }), replace: true })}
    />
  );
}
