import { createRootRouteWithContext, Link, Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonVariants } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ErrorPanel } from '../components/ui/error-panel';
import { BareLayout } from '../features/shell/bare-layout';
import { usePageTitle } from '../lib/use-page-title';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RootError,
  notFoundComponent: NotFound,
});

/** The last line of defence: whatever failed, the user sees why and a way on. */
function RootError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  usePageTitle('Error');
  return (
    <BareLayout>
      <ErrorPanel
        error={error}
        onRetry={() => {
          reset();
          return router.invalidate();
        }}
      >
        <Link to="/" className={buttonVariants({ variant: 'secondary' })}>
          Go to the overview
        </Link>
      </ErrorPanel>
    </BareLayout>
  );
}

function NotFound() {
  usePageTitle('Page not found');
  return (
    <BareLayout>
      <Card className="mx-auto max-w-lg p-6">
        <h1 className="text-xl font-semibold">Page not found</h1>
        <p className="mt-2 text-muted-foreground">
          There is no page at this address. It may have moved, or the link is mistyped.
        </p>
        <Link to="/" className={`${buttonVariants()} mt-5`}>
          Go to the overview
        </Link>
      </Card>
    </BareLayout>
  );
}
