import { useStore } from '@nanostores/react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPanel } from '../../components/ui/error-panel';
import { useErrorText } from '../../i18n/error-text';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/use-page-title';
import { shellMessages } from './messages';

/**
 * The error of one page, shown inside the shell so the navigation stays
 * (the router's default error component, and a route's errorComponent): the
 * catalogue's words for the error, with Retry. A 502 is the session guard's:
 * it is already on its way to the login page.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (useErrorTitle(error).sessionEnded) return <SessionEndedNotice />;
  return (
    <ErrorPanel
      error={error}
      onRetry={() => {
        reset();
        return router.invalidate();
      }}
    />
  );
}

/** Describes an error and names the page after it ("Service unavailable" when the service is down). */
export function useErrorTitle(error: unknown) {
  const description = useErrorText(error);
  usePageTitle(description.headline);
  return description;
}

/** Shown for a 502 while the query client's guard takes the user to the sign-in page. */
export function SessionEndedNotice({ className }: { className?: string }) {
  const t = useStore(shellMessages);
  return (
    <p role="status" className={cn('text-muted-foreground', className)}>
      {t.sessionEnded}
    </p>
  );
}
