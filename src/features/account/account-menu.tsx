import { useStore } from '@nanostores/react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../components/ui/api-error-alert';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ChevronDownIcon, ExternalLinkIcon, LogOutIcon, UserIcon } from '../../components/ui/icons';
import { commonMessages } from '../../i18n/common-messages';
import { format } from '../../i18n/format';
import { useApi } from '../../lib/api-context';
import { useKeyInfo } from '../../data/key-info';
import { useUserInfo } from '../../data/user-info';
import { describeExpiry } from './expiry';
import { accountMessages } from './messages';
import { openBlankTab, sendTabToDashboard } from '../../lib/open-dashboard';
import { useWorkspaceMe } from '../../data/person-name';
import { YourNameDialog } from './name-dialog';
import { nameMessages } from './name-messages';

interface AccountMenuProps {
  /** The e-mail stored with the session, when known. */
  email: string | undefined;
  /** How the key was obtained: a key typed in by hand is not signed out on the service. */
  kind: 'signin' | 'key';
  onSignOut: () => void;
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-foreground outline-none select-none data-[highlighted]:bg-accent data-[disabled]:opacity-60';

/**
 * The account menu button (Radix: arrow keys, Escape, focus back to the
 * button). Non-modal: a modal Radix menu injects a <style> element to lock
 * scrolling, which the CSP (style-src 'self') forbids.
 */
export function AccountMenu({ email, kind, onSignOut }: AccountMenuProps) {
  const t = useStore(accountMessages);
  const common = useStore(commonMessages);
  const api = useApi();
  const keyInfo = useKeyInfo();
  const userInfo = useUserInfo({ enabled: !email });
  const shownEmail = email ?? userInfo.data?.email;
  const dashboard = useMutation({ mutationFn: (tab: Window | null) => sendTabToDashboard(api, tab) });
  const names = useStore(nameMessages);
  const me = useWorkspaceMe();
  const [naming, setNaming] = useState(false);
  const name = me.data?.key.name ?? null;

  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger asChild>
          {/* Below `sm` an icon only (the name is in the label), so a 360 px header leaves the brand room. */}
          <Button
            variant="ghost"
            size="inline"
            className="h-10 max-w-64 px-2 sm:px-3"
            aria-label={shownEmail ? t.menuLabelWithEmail({ email: shownEmail }) : t.menuLabel}
          >
            <UserIcon size={20} className="shrink-0" />
            <span className="hidden truncate sm:inline">{shownEmail ?? t.account}</span>
            <ChevronDownIcon className="hidden shrink-0 sm:block" />
          </Button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            className="z-40 w-72 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-surface p-1 text-foreground shadow-lg"
          >
            <Menu.Label className="px-2 py-2 text-sm">
              <span className="block text-muted-foreground">
                {kind === 'signin' ? t.signedInAs : t.signedInWithKey}
              </span>
              <span className="block truncate font-medium">{shownEmail ?? t.noEmail}</span>
              <Expiry expires={keyInfo.data.expires} />
            </Menu.Label>
            <Menu.Separator className="my-1 h-px bg-border" />
            <Menu.Item
              className={itemClass}
              disabled={dashboard.isPending}
              onSelect={() => dashboard.mutate(openBlankTab())}
            >
              <ExternalLinkIcon className="shrink-0" />
              {dashboard.isPending ? t.openingDashboard : t.openDashboard}
            </Menu.Item>
            <Menu.Item className={itemClass} onSelect={() => setNaming(true)}>
              <UserIcon size={16} className="shrink-0" />
              <span className="truncate">{name ? names.menuItemNamed({ name }) : names.menuItem}</span>
            </Menu.Item>
            <Menu.Item className={itemClass} onSelect={onSignOut}>
              <LogOutIcon className="shrink-0" />
              {common.signOut}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <YourNameDialog open={naming} onOpenChange={setNaming} />
      {dashboard.isError ? (
        <Notice onClose={dashboard.reset}>
          <ApiErrorAlert error={dashboard.error} title={t.dashboardFailed} />
        </Notice>
      ) : dashboard.data && !dashboard.data.opened ? (
        <Notice onClose={dashboard.reset}>
          <Alert tone="info">
            <p className="font-semibold">{t.tabBlocked}</p>
            <p className="mt-1">{t.tabBlockedHelp}</p>
            {/* A new click opens the tab synchronously (allowed now), then fetches the URL into it. */}
            <Button className="mt-3" size="sm" onClick={() => dashboard.mutate(openBlankTab())}>
              <ExternalLinkIcon className="shrink-0" />
              {t.openDashboardHere}
            </Button>
          </Alert>
        </Notice>
      ) : null}
    </>
  );
}

/**
 * When the key expires, written out when the menu opens: the page's first date formatter loads the
 * engine's date data (about 20 ms of every page's first render in a first-visit profile, the menu closed).
 */
function Expiry({ expires }: { expires: unknown }) {
  const t = useStore(accountMessages);
  const f = useStore(format);
  return <span className="mt-1 block text-muted-foreground">{describeExpiry(expires, t, f)}</span>;
}

/** A dismissible message under the header; takes focus so it is read and reachable. */
function Notice({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  const common = useStore(commonMessages);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="fixed top-16 right-2 left-2 z-30 rounded-md border border-border bg-surface p-2 shadow-lg sm:left-auto sm:w-96"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      {children}
      <div className="mt-2 flex justify-end">
        <Button variant="secondary" size="sm" onClick={onClose}>
          {common.close}
        </Button>
      </div>
    </div>
  );
}
