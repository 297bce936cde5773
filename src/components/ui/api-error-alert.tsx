import { useStore } from '@nanostores/react';
import type { Ref } from 'react';
import { componentMessages } from '../../i18n/component-messages';
import { useErrorText } from '../../i18n/error-text';
import { format } from '../../i18n/format';
import { retryDeadline, useRetryWait } from '../../lib/use-retry-wait';
import { Alert } from './alert';

interface ApiErrorAlertProps {
  error: unknown;
  /** Replaces the catalogue's title where the context says it better. */
  title?: string;
  /** Replaces the catalogue's message and next step where the context says them better. */
  message?: string;
  next?: string;
  ref?: Ref<HTMLDivElement>;
  className?: string;
}

/**
 * An inline error from the catalogue (docs/partner-api.md#errors): title, message, what to do
 * next, and the code. A rate limit's refusal says until when to wait. Focusable
 * so a form can move focus to it on failure.
 */
export function ApiErrorAlert({ error, title, message, next, ref, className }: ApiErrorAlertProps) {
  const t = useStore(componentMessages);
  const f = useStore(format);
  const d = useErrorText(error);
  const deadline = retryDeadline(error);
  const waiting = useRetryWait(error) > 0;
  return (
    <Alert tone="error" ref={ref} tabIndex={-1} className={className}>
      <p className="font-semibold">{title ?? d.title}</p>
      <p className="mt-1">{message ?? d.message}</p>
      <p className="mt-1">{next ?? d.next}</p>
      {deadline !== null ? (
        // A time, not a countdown: an alert that changed every second would be read out every second.
        <p className="mt-1 font-medium">{waiting ? t.retryAt({ time: f.timeOfDay(deadline) }) : t.retryNow}</p>
      ) : null}
      {d.code !== undefined && deadline === null ? (
        <p className="mt-1 opacity-90">{t.errorCode({ code: d.code })}</p>
      ) : null}
    </Alert>
  );
}
