import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/error-text';
import { isPanelSignedIn } from '../../lib/embed-mode';
import { usePageTitle } from '../../lib/use-page-title';
import { LoginForm } from './login-form';
import { authMessages } from './messages';
import { useSessionNotice, type Session, type SessionNotice } from '../../lib/session';
import { TryDemo } from './try-demo';
import { demoEmailQuery } from './sandbox-mode';
import { forgetAccountData } from '../../lib/query-client';
import { lazyClient } from '../../lib/lazy-client';

/** Few sign in with a key: its form (and its checks) load when the section is first opened or pointed at. */
const loadApiKeyForm = () => import('./api-key-form');
const ApiKeyForm = lazy(() => loadApiKeyForm().then((m) => ({ default: m.ApiKeyForm })));

interface LoginPageProps {
  /** Called once the session is stored: go on to where the user was going. */
  onSignedIn: () => void;
}

export function LoginPage({ onSignedIn }: LoginPageProps) {
  const t = useStore(authMessages);
  usePageTitle(isPanelSignedIn() ? t.panelSignedOut : t.pageTitle);
  const { session, queryClient } = useRouteContext({ from: '__root__' });
  const notice = useSessionNotice(session);
  const [keyFormShown, setKeyFormShown] = useState(false);
  // Whether the demo is offered decides what the page shows at its top: it shows once that is
  // known (asked with the entry, main.tsx), rather than moving under the user when it is.
  const demoKnown = !useQuery(demoEmailQuery()).isPending;
  // signup and signin go without a key, whatever is stored: the proxy attaches
  // the partner's application key. The client's module loads with the first call.
  const anonymous = useMemo(
    () =>
      lazyClient<ApiClient>(
        () => import('../../api/client').then((m) => m.createApiClient({ getCredentials: () => null })),
        { credentials: () => null },
      ),
    [],
  );

  // A panel's frame whose keys were the panel's: the panel signs it in again, not a form here.
  if (isPanelSignedIn()) return <SignedOutInPanel notice={notice} />;
  if (!demoKnown) return null;

  const complete = (next: Session, remember: boolean) => {
    // Nothing cached for a previous account may show for this one.
    forgetAccountData(queryClient);
    session.set(next, remember);
    onSignedIn();
  };

  return (
    <div className="mx-auto w-full max-w-md">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.heading}</h1>
      <p className="mt-1 text-muted-foreground">{t.intro}</p>
      {notice ? <NoticeAlert notice={notice} /> : null}
      <TryDemo onSignedIn={complete} />
      <Card className="mt-5 p-5 sm:p-6">
        <LoginForm anonymous={anonymous} onSignedIn={complete} />
      </Card>
      <details
        className="group mt-5 rounded-lg border border-border bg-surface"
        onToggle={(e) => {
          if (e.currentTarget.open) setKeyFormShown(true);
        }}
      >
        <summary
          onPointerEnter={() => void loadApiKeyForm()}
          onFocus={() => void loadApiKeyForm()}
          className="cursor-pointer rounded-lg px-5 py-3 text-sm font-medium text-foreground select-none hover:bg-accent"
        >
          {t.apiKeyInstead}
        </summary>
        {/* Mounted on first opening and kept (with what was typed), so its fields exist only once asked for. */}
        {keyFormShown ? (
          <div className="border-t border-border px-5 py-5">
            <Suspense fallback={<Spinner />}>
              <ApiKeyForm onSignedIn={complete} />
            </Suspense>
          </div>
        ) : null}
      </details>
    </div>
  );
}

/** In a hoster panel that signed the frame in, once the session ended: plain words, no form. */
function SignedOutInPanel({ notice }: { notice: SessionNotice | null }) {
  const t = useStore(authMessages);
  return (
    <div className="mx-auto w-full max-w-md">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.panelSignedOut}</h1>
      <p className="mt-1 text-muted-foreground">{t.panelSignedOutText}</p>
      {notice ? <NoticeAlert notice={notice} /> : null}
    </div>
  );
}

/** Why the user is back here, in the language in use. */
function NoticeAlert({ notice }: { notice: SessionNotice }) {
  const t = useStore(authMessages);
  const failure = useErrorText(notice.reason === 'signOutFailed' ? notice.error : null);
  const text =
    notice.reason === 'keyExpired'
      ? t.noticeKeyExpired
      : notice.reason === 'sessionEnded'
        ? t.noticeSessionEnded
        : t.noticeSignOutFailed({ reason: failure.message });
  return (
    <Alert tone="warning" role="alert" className="mt-4">
      {text}
    </Alert>
  );
}
