/** The activity's loading and error states, in the catalogue's words. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { WorkspaceError } from '../../../api/workspace';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { activityMessages } from '../messages';

/** Why the workspace did not answer, in words. */
export function useActivityErrorText(error: unknown): string {
  const t = useStore(activityMessages);
  const code = error instanceof WorkspaceError ? error.code : '';
  if (code.startsWith('upstream-')) return t.errorUnavailable;
  if (code === 'network') return t.errorUnreachable;
  if (code === 'key-refused' || code === 'no-key' || code === 'no-user') return t.errorRefused;
  return t.errorOther;
}

/** The log could not be read: what happened, and Try again (focus moves to it, so it is read). */
export function ActivityError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useStore(activityMessages);
  const text = useActivityErrorText(error);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert tone="error">
        <p className="font-semibold">{t.errorTitle}</p>
        <p className="mt-1">{text}</p>
        <Button className="mt-3" size="sm" variant="secondary" disabled={retrying} onClick={onRetry}>
          {t.retry}
        </Button>
      </Alert>
    </div>
  );
}
