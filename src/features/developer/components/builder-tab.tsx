import { useStore } from '@nanostores/react';
import type { Credentials } from '../../../api/credentials';
import { Alert } from '../../../components/ui/alert';
import { useMethodList } from '../api/methods';
import { developerMessages } from '../messages';
import { isMethodName } from '../method-names';
import { CallPanel } from './call-panel';
import { MethodSelect } from './method-select';

interface BuilderTabProps {
  method: string | undefined;
  onMethodChange: (method: string) => void;
  credentials: Credentials;
  apiBaseUrl: string | null;
}

/** A request for any method api_methodlist lists, its parameters checked against api_methoddata. */
export function BuilderTab({ method, onMethodChange, credentials, apiBaseUrl }: BuilderTabProps) {
  const t = useStore(developerMessages);
  const { data: methods } = useMethodList();
  const chosen = method && methods.includes(method) ? method : methods[0];
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">{t.builderIntro}</p>
      <MethodSelect methods={methods} value={chosen} onChange={onMethodChange} className="max-w-sm" />
      {chosen === undefined ? null : isMethodName(chosen) ? (
        <CallPanel key={chosen} method={chosen} credentials={credentials} apiBaseUrl={apiBaseUrl} />
      ) : (
        <Alert tone="warning">{t.notInRegistry}</Alert>
      )}
    </div>
  );
}
