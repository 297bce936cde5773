import { useStore } from '@nanostores/react';
import {
  createFileRoute,
  Outlet,
  redirect,
  useMatches,
  useRouteContext,
  useRouter,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { Button } from '../components/ui/button';
import { ErrorPanel } from '../components/ui/error-panel';
import { Toaster } from '../components/ui/toast';
import { AccountMenu } from '../features/account/account-menu';
import { AgencyBrand } from '../features/account/agency-brand';
import { DemoBanner } from '../features/account/demo-banner';
import { NamePrompt } from '../features/account/name-dialog';
import { ImportNotice } from '../features/units/components/import-notice';
import { useScheduledReconcile } from '../data/reconcile';
import { keyInfoQueryOptions } from '../data/key-info';
import { redirectTarget } from '../features/auth/redirect';
import { isSessionExpired } from '../lib/session';
import { useSignOut } from '../features/auth/use-sign-out';
import { AppShell } from '../features/shell/app-shell';
import { BareLayout } from '../features/shell/bare-layout';
import { SessionEndedNotice, useErrorTitle } from '../features/shell/page-error';
import { LanguageSelect } from '../features/language/language-select';
import { ThemeToggle } from '../features/theme/theme-toggle';
import { commonMessages } from '../i18n/common-messages';
import { isEmbedded } from '../lib/embed-mode';
import { forgetAccountData } from '../lib/query-client';

/** The guarded layout: every page but /login. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    const current = context.session.get();
    const target = redirectTarget(location.href);
    if (!current) throw redirect({ to: '/login', search: { redirect: target } });
    // Published clients treat a key whose expiry has passed as invalid (docs/partner-api.md#key-metadata, docs/partner-api.md#keys).
    if (isSessionExpired(current)) {
      context.session.clear();
      forgetAccountData(context.queryClient);
      context.session.setNotice({ reason: 'keyExpired' });
      throw redirect({ to: '/login', search: { redirect: target } });
    }
    return { signedIn: current };
  },
  // The loader stays in the entry (not split with the component): the key's check and the pages'
  // requests start while the shell's code loads (src/routes/-page-loads.ts).
  codeSplitGroupings: [['component'], ['errorComponent']],
  // The key is checked with the service before the shell shows, and again in
  // the background on navigation once the answer is a minute old: a 502 ends
  // the session (the query client's guard), a service that is down shows ShellError.
  loader: async ({ context }) => (await import('./-page-loads')).loadSignedIn(context),
  component: AuthLayout,
  errorComponent: ShellError,
});

function AuthLayout() {
  const { signedIn } = Route.useRouteContext();
  const { signOut } = useSignOut();
  // The team's customer map is checked with the service every few hours, in the background.
  useScheduledReconcile();
  // The printable reports have no navigation: their page is the whole document.
  const bare = useMatches({ select: (matches) => matches.some((m) => m.staticData.bare === true) });
  if (bare) {
    return (
      <>
        <Outlet />
        <Toaster />
      </>
    );
  }
  return (
    <>
      <AppShell
        brand={<AgencyBrand />}
        // A 360 px header keeps its room for the brand: the language menu goes to the Menu row.
        narrowActions={isEmbedded() ? null : <LanguageSelect />}
        actions={
          <>
            {/* Embedded, the panel decides the theme and the language (its `theme` and `locale` messages, docs/embedding.md). */}
            {isEmbedded() ? null : <LanguageSelect className="hidden sm:flex" />}
            {isEmbedded() ? null : <ThemeToggle />}
            <AccountMenu email={signedIn.email} kind={signedIn.kind} onSignOut={() => void signOut()} />
          </>
        }
      >
        <DemoBanner resetsAt={signedIn.demoResetsAt} />
        <ImportNotice />
        <Outlet />
      </AppShell>
      {/* Mutations of the signed-in pages report through toast() (src/lib/toast-store.ts). */}
      <Toaster />
      <NamePrompt apiKey={signedIn.apiKey} />
    </>
  );
}

/** The key could not be checked: the service is down (Retry) or refused it. */
function ShellError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const { queryClient, api } = useRouteContext({ from: '__root__' });
  const { signOut, pending } = useSignOut();
  const common = useStore(commonMessages);
  if (useErrorTitle(error).sessionEnded) return <SessionEndedNotice className="p-6" />;
  return (
    <BareLayout
      actions={
        <div className="flex items-center gap-2">
          <LanguageSelect />
          <ThemeToggle />
        </div>
      }
    >
      <ErrorPanel
        error={error}
        onRetry={async () => {
          // Ask the service first: while it is still down the panel stays and says so.
          await queryClient.fetchQuery({ ...keyInfoQueryOptions(api), retry: false });
          reset();
          await router.invalidate();
        }}
      >
        <Button variant="secondary" disabled={pending} onClick={() => void signOut()}>
          {common.signOut}
        </Button>
      </ErrorPanel>
    </BareLayout>
  );
}
