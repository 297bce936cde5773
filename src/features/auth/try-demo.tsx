import { useStore } from '@nanostores/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiErrorAlert } from '../../components/ui/api-error-alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { retryDeadline, useRetryWait } from '../../lib/use-retry-wait';
import { authMessages } from './messages';
import { demoEmailQuery } from './sandbox-mode';
import type { Session } from '../../lib/session';

/**
 * "Try the demo" (docs/architecture.md#three-uses, use 3): on the sandbox, while it has a demo
 * account, one click signs in to it (POST /sandbox/demo-session). Never shown
 * against the real service, which has no /sandbox/health.
 */
export function TryDemo({ onSignedIn }: { onSignedIn: (session: Session, remember: boolean) => void }) {
  const t = useStore(authMessages);
  const { data: demoEmail } = useQuery(demoEmailQuery());
  const alertRef = useRef<HTMLDivElement>(null);
  const demo = useMutation({
    // Its module (and the fetch layer's wait reading) loads with the click.
    mutationFn: () => import('./demo-session').then((m) => m.startDemoSession()),
    onSuccess: (session) => onSignedIn(session, false),
  });
  const waiting = useRetryWait(demo.error) > 0;
  useEffect(() => {
    if (demo.error) alertRef.current?.focus();
  }, [demo.error]);
  if (typeof demoEmail !== 'string') return null;
  return (
    <div className="mt-5 space-y-2">
      <Button
        size="lg"
        className="w-full"
        disabled={demo.isPending || waiting}
        onClick={() => {
          demo.reset();
          demo.mutate();
        }}
      >
        {demo.isPending ? (
          <>
            <Spinner /> {t.startingDemo}
          </>
        ) : (
          t.tryDemo
        )}
      </Button>
      <p className="text-center text-sm text-muted-foreground">{t.tryDemoHint}</p>
      {demo.error ? (
        // A limit's refusal keeps the login's words for it ("Too many attempts", until when).
        <ApiErrorAlert
          ref={alertRef}
          error={demo.error}
          title={retryDeadline(demo.error) === null ? t.tryDemoFailed : undefined}
        />
      ) : null}
    </div>
  );
}
