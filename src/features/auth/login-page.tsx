import { useRouteContext } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { createApiClient } from '../../api/client';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { usePageTitle } from '../../lib/use-page-title';
import { ApiKeyForm } from './api-key-form';
import { LoginForm } from './login-form';
import { useSessionNotice, type Session } from './session';

interface LoginPageProps {
  /** Called once the session is stored: go on to where the user was going. */
  onSignedIn: () => void;
}

export function LoginPage({ onSignedIn }: LoginPageProps) {
  usePageTitle('Sign in');
  const { session, queryClient } = useRouteContext({ from: '__root__' });
  const notice = useSessionNotice(session);
  const [keyFormShown, setKeyFormShown] = useState(false);
  // signup and signin go without a key, whatever is stored: the proxy attaches
  // the partner's application key (issue 3, "The proxy").
  const anonymous = useMemo(() => createApiClient({ getCredentials: () => null }), []);

  const complete = (next: Session, remember: boolean) => {
    // Nothing cached for a previous account may show for this one.
    queryClient.clear();
    session.set(next, remember);
    onSignedIn();
  };

  return (
    <div className="mx-auto w-full max-w-md">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">Sign in</h1>
      <p className="mt-1 text-muted-foreground">Manage the security of your sites and your customers’ sites.</p>
      {notice ? (
        <Alert tone="warning" role="alert" className="mt-4">
          {notice}
        </Alert>
      ) : null}
      <Card className="mt-5 p-5 sm:p-6">
        <LoginForm anonymous={anonymous} onSignedIn={complete} />
      </Card>
      <details
        className="group mt-5 rounded-lg border border-border bg-surface"
        onToggle={(e) => {
          if (e.currentTarget.open) setKeyFormShown(true);
        }}
      >
        <summary className="cursor-pointer rounded-lg px-5 py-3 text-sm font-medium text-foreground select-none hover:bg-accent">
          Sign in with an API key instead
        </summary>
        {/* Mounted on first opening and kept (with what was typed), so its fields exist only once asked for. */}
        {keyFormShown ? (
          <div className="border-t border-border px-5 py-5">
            <ApiKeyForm onSignedIn={complete} />
          </div>
        ) : null}
      </details>
    </div>
  );
}
