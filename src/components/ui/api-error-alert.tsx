import type { Ref } from 'react';
import { describeError } from '../../api/error-catalogue';
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
 * An inline error from the catalogue (spec §7): title, message, what to do
 * next, and the code. Focusable so a form can move focus to it on failure.
 */
export function ApiErrorAlert({ error, title, message, next, ref, className }: ApiErrorAlertProps) {
  const d = describeError(error);
  return (
    <Alert tone="error" ref={ref} tabIndex={-1} className={className}>
      <p className="font-semibold">{title ?? d.title}</p>
      <p className="mt-1">{message ?? d.message}</p>
      <p className="mt-1">{next ?? d.next}</p>
      {d.code !== undefined ? <p className="mt-1 opacity-90">Error code {d.code}</p> : null}
    </Alert>
  );
}
