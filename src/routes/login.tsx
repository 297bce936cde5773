import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { loginSearchSchema } from '../features/auth/redirect';
import { isSessionExpired } from '../lib/session';
import { BareLayout } from '../features/shell/bare-layout';
import { LanguageSelect } from '../features/language/language-select';
import { ThemeToggle } from '../features/theme/theme-toggle';

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: ({ context, search }) => {
    const current = context.session.get();
    if (!current) return;
    // Already signed in: straight on to where the user was going.
    if (!isSessionExpired(current)) throw redirect({ href: search.redirect ?? '/', replace: true });
    // A key past its expiry is of no use (docs/partner-api.md#key-metadata): forget it.
    context.session.clear();
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BareLayout actions={<HeaderActions />}>
      <LoginPage onSignedIn={() => void navigate({ href: target ?? '/', replace: true })} />
    </BareLayout>
  );
}

function HeaderActions() {
  return (
    <div className="flex items-center gap-2">
      <LanguageSelect />
      <ThemeToggle />
    </div>
  );
}
