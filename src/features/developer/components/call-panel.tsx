import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import type { Credentials } from '../../../api/credentials';
import type { MethodName } from '../../../api/registry';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { LoadingStatus } from '../../../components/ui/spinner';
import { useApi } from '../../../lib/api-context';
import { useMethodData } from '../api/methods';
import { developerMessages } from '../messages';
import { argNames, type RequestValues } from '../request-check';
import { CallResult } from './call-result';
import { RequestForm, type RequestDefaults } from './request-form';

interface CallPanelProps {
  method: MethodName;
  credentials: Credentials;
  /** The partner API's {base_url}, for the direct curl command; null when unknown. */
  apiBaseUrl: string | null;
  defaults?: RequestDefaults;
}

/**
 * A method's request form (from its api_methoddata) and the last answer:
 * sent with the signing client as any call (api.call), read as received.
 */
export function CallPanel({ method, credentials, apiBaseUrl, defaults }: CallPanelProps) {
  const t = useStore(developerMessages);
  const api = useApi();
  const data = useMethodData(method);
  const call = useMutation({
    mutationFn: async (values: RequestValues) => {
      const names = data.data ? argNames(data.data) : [];
      const query = Object.fromEntries(names.map((name, i) => [name, values.args[i] || undefined]));
      const body = values.httpMethod === 'POST' && values.body !== '' ? values.body : undefined;
      const response = await api.call(method, { path: values.path, query, body, httpMethod: values.httpMethod });
      return { response, body, httpMethod: values.httpMethod };
    },
  });

  if (data.isPending) {
    return <LoadingStatus>{t.loadingMethod}</LoadingStatus>;
  }
  if (data.isError) return <ApiErrorAlert error={data.error} title={t.methodFailed} />;
  return (
    <div className="space-y-5">
      <RequestForm
        key={method}
        method={method}
        data={data.data}
        defaults={defaults}
        pending={call.isPending}
        onSend={(values) => call.mutate(values)}
      />
      {call.isError ? <ApiErrorAlert error={call.error} title={t.sendFailed} /> : null}
      {call.data ? (
        <CallResult
          method={method}
          response={call.data.response}
          httpMethod={call.data.httpMethod}
          body={call.data.body}
          credentials={credentials}
          apiBaseUrl={apiBaseUrl}
        />
      ) : null}
    </div>
  );
}
