import { useStore } from '@nanostores/react';
import type { Credentials } from '../../../api/credentials';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { usePageTitle } from '../../../lib/use-page-title';
import { developerMessages } from '../messages';
import { DEVELOPER_TABS, type DeveloperTab } from '../tabs';
import { AccountTab } from './account-tab';
import { BuilderTab } from './builder-tab';
import { ErrorCatalogueTab } from './error-catalogue-tab';
import { MethodsTab } from './methods-tab';
import { PlaygroundTab } from './playground-tab';

const LABELS = {
  methods: 'tabMethods',
  account: 'tabAccount',
  playground: 'tabPlayground',
  request: 'tabRequest',
  errors: 'tabErrors',
} as const satisfies Record<DeveloperTab, string>;

interface DeveloperPageProps {
  tab: DeveloperTab;
  method: string | undefined;
  query: string;
  credentials: Credentials;
  /** The partner API's {base_url} as the server gives it (/partner-api.json), for the direct curl; null when unknown. */
  apiBaseUrl: string | null;
  /** Navigation: the tab, the method and the search live in the URL (the route's search params). */
  onTabChange: (tab: DeveloperTab) => void;
  onMethodChange: (method: string, tab?: DeveloperTab) => void;
  onQueryChange: (query: string) => void;
}

/** /developer: the console for partners building their own integration (docs/partner-api.md#common-methods, docs/partner-api.md#authentication, docs/partner-api.md#errors). */
export function DeveloperPage(props: DeveloperPageProps) {
  const { tab, method, query, credentials, apiBaseUrl, onTabChange, onMethodChange, onQueryChange } = props;
  const t = useStore(developerMessages);
  usePageTitle(t.pageTitle);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.pageTitle}</h1>
      <p className="mt-2 text-muted-foreground">{t.intro}</p>
      <Tabs
        className="mt-6"
        value={tab}
        onValueChange={(next) => {
          const chosen = DEVELOPER_TABS.find((candidate) => candidate === next);
          if (chosen) onTabChange(chosen);
        }}
      >
        {/* Wrapped rather than scrolled: at 360 px every section stays in sight. */}
        <TabsList aria-label={t.sections} className="flex-wrap">
          {DEVELOPER_TABS.map((id) => (
            <TabsTrigger key={id} value={id}>
              {t[LABELS[id]]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="methods">
          <MethodsTab method={method} onMethodChange={onMethodChange} onTry={(m) => onMethodChange(m, 'request')} />
        </TabsContent>
        <TabsContent value="account">
          <AccountTab credentials={credentials} />
        </TabsContent>
        <TabsContent value="playground">
          <PlaygroundTab credentials={credentials} apiBaseUrl={apiBaseUrl} />
        </TabsContent>
        <TabsContent value="request">
          <BuilderTab
            method={method}
            onMethodChange={onMethodChange}
            credentials={credentials}
            apiBaseUrl={apiBaseUrl}
          />
        </TabsContent>
        <TabsContent value="errors">
          <ErrorCatalogueTab query={query} onQueryChange={onQueryChange} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
