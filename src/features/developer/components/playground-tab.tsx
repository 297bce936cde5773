import { useStore } from '@nanostores/react';
import type { Credentials } from '../../../api/credentials';
import { developerMessages } from '../messages';
import { CallPanel } from './call-panel';

/** api_test (docs/partner-api.md#api_test): items, query, POST body, err and raw, with the signed request shown. */
export function PlaygroundTab({ credentials, apiBaseUrl }: { credentials: Credentials; apiBaseUrl: string | null }) {
  const t = useStore(developerMessages);
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">{t.playgroundIntro}</p>
      <CallPanel
        method="api_test"
        credentials={credentials}
        apiBaseUrl={apiBaseUrl}
        defaults={{ path: ['abc', '1', 'anything'], args: { str: 'hello', int: '42' }, body: '{"hello":"world"}' }}
      />
    </div>
  );
}
