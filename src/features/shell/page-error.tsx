import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { describeError } from '../../api/error-catalogue';
import { ErrorPanel } from '../../components/ui/error-panel';
import { isServiceUnavailable } from '../../lib/service-state';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The error of one page, shown inside the shell so the navigation stays
 * (the router's default error component). A 502 is the session guard's: it is
 * already on its way to the login page.
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
  const description = describeError(error);
  usePageTitle(isServiceUnavailable(error) ? 'Service unavailable' : description.title);
  return description;
}

/** Shown for a 502 while the query client's guard takes the user to the sign-in page. */
export function SessionEndedNotice({ className }: { className?: string }) {
  return (
    <p role="status" className={cn('text-muted-foreground', className)}>
      Your session has ended. Taking you to the sign-in page…
    </p>
  );
}
