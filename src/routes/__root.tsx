import { useStore } from '@nanostores/react';
import { createRootRouteWithContext, Link, Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonVariants } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ErrorPanel } from '../components/ui/error-panel';
import { BareLayout } from '../features/shell/bare-layout';
import { shellMessages } from '../features/shell/messages';
import { commonMessages } from '../i18n/common-messages';
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
  const common = useStore(commonMessages);
  usePageTitle(useStore(shellMessages).errorPageTitle);
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
          {common.goToOverview}
        </Link>
      </ErrorPanel>
    </BareLayout>
  );
}

function NotFound() {
  const t = useStore(shellMessages);
  const common = useStore(commonMessages);
  usePageTitle(t.notFoundTitle);
  return (
    <BareLayout>
      <Card className="mx-auto max-w-lg p-6">
        <h1 className="text-xl font-semibold">{t.notFoundTitle}</h1>
        <p className="mt-2 text-muted-foreground">{t.notFoundText}</p>
        <Link to="/" className={`${buttonVariants()} mt-5`}>
          {common.goToOverview}
        </Link>
      </Card>
    </BareLayout>
  );
}
