import { useStore } from '@nanostores/react';
import type { Credentials } from '../../../api/credentials';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Card } from '../../../components/ui/card';
import { useKeyInfo } from '../../../data/key-info';
import { useUserInfo } from '../../../data/user-info';
import { format } from '../../../i18n/format';
import { developerMessages } from '../messages';
import { maskValue, secretsOf } from '../secrets';
import { DataList, JsonBlock } from './json-view';
import { SecretValue } from './secret-value';

/**
 * The keys this browser signs with (masked until revealed), and api_keyinfo
 * and api_userinfo as data: whatever fields come back (docs/partner-api.md#api_userinfo shows none),
 * with only `expires` (observed: UNIX time, 0 = never) put in words too, and
 * the keys masked should the service ever return them (../secrets.ts).
 */
export function AccountTab({ credentials }: { credentials: Credentials }) {
  const t = useStore(developerMessages);
  const f = useStore(format);
  const keyInfo = useKeyInfo();
  const userInfo = useUserInfo({ enabled: true });
  const secrets = secretsOf(credentials.apiKey, credentials.macKey);
  const keyData = maskValue(keyInfo.data, secrets);
  const userData = maskValue(userInfo.data, secrets);
  const describeExpiry = (name: string, value: unknown) =>
    name === 'expires' && typeof value === 'number' ? (
      <span className="ml-2 font-sans text-muted-foreground">({value === 0 ? t.neverExpires : f.unixTime(value)})</span>
    ) : null;

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-foreground">{t.credentials}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t.credentialsNote}</p>
        <dl className="mt-4 space-y-3 text-sm">
          <div>
            <dt className="font-medium text-foreground">{t.apiKey}</dt>
            <dd className="mt-1">
              <SecretValue name={t.apiKey} value={credentials.apiKey} />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-foreground">{t.macKey}</dt>
            <dd className="mt-1">
              {credentials.macKey ? (
                <SecretValue name={t.macKey} value={credentials.macKey} />
              ) : (
                <span className="text-muted-foreground">{t.noMacKey}</span>
              )}
            </dd>
          </div>
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-foreground">{t.keyInfo}</h2>
        <div className="mt-3 space-y-3">
          <DataList value={keyData} describe={describeExpiry} />
          <details>
            <summary className="cursor-pointer text-sm text-link">{t.rawJson}</summary>
            <div className="mt-2">
              <JsonBlock value={keyData} label={t.keyInfo} />
            </div>
          </details>
        </div>
      </Card>
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-foreground">{t.userInfo}</h2>
        <div className="mt-3 space-y-3">
          {userInfo.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              {t.loading}
            </p>
          ) : userInfo.isError ? (
            <ApiErrorAlert error={userInfo.error} />
          ) : userInfo.data === null ? (
            <p className="text-sm text-muted-foreground">{t.noUser}</p>
          ) : (
            <>
              <DataList value={userData} />
              <details>
                <summary className="cursor-pointer text-sm text-link">{t.rawJson}</summary>
                <div className="mt-2">
                  <JsonBlock value={userData} label={t.userInfo} />
                </div>
              </details>
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
