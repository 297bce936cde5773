import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { describeError } from '../../api/error-catalogue';
import { ErrorPanel } from '../../components/ui/error-panel';
import { isServiceUnavailable } from '../../lib/service-state';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The error of one page, shown inside the shell so the navigation stays
 * (the router's default error component). A 502 is the session guard's: it is
 * already on its way to the login page.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const description = describeError(error);
  usePageTitle(isServiceUnavailable(error) ? 'Service unavailable' : description.title);
  if (description.sessionEnded) {
    return (
      <p role="status" className="text-muted-foreground">
        Your session has ended. Taking you to the sign-in page…
      </p>
    );
  }
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
