import { useStore } from '@nanostores/react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { commonMessages } from '../../i18n/common-messages';
import { isEmbedded } from '../../lib/embed-mode';
import { NavLinks } from './nav-links';
import { focusHeading } from '../../lib/focus-heading';

interface AppShellProps {
  /** Left of the header: the agency's (or the product's) name and logo. */
  brand: ReactNode;
  /** Right of the header: theme toggle, account menu. */
  actions: ReactNode;
  /** Below `sm`, at the end of the navigation's Menu row instead of the header (the language menu). */
  narrowActions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every signed-in page: skip link, header, navigation, main.
 * On navigation inside the app, focus moves to the new page's heading so a
 * screen reader announces it (WCAG 2.4.3).
 *
 * Embedded in a hoster panel (src/lib/embed-mode.ts) the panel already shows
 * a brand and a theme: the header goes, the navigation becomes one compact
 * bar with the actions at its end, and the page takes its content's height
 * (the panel sizes the iframe to it, docs/embedding.md).
 */
export function AppShell({ brand, actions, narrowActions, children }: AppShellProps) {
  const t = useStore(commonMessages);
  const router = useRouter();
  const mainRef = useRef<HTMLElement>(null);
  // After the new page has rendered (its code may load lazily), not on first load.
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (!event.fromLocation || !event.pathChanged) return;
        focusHeading(mainRef.current);
      }),
    [router],
  );

  if (isEmbedded()) {
    return (
      <div className="flex flex-col">
        <SkipLink label={t.skipToContent} />
        <NavLinks compact actions={actions} />
        <main id="main" ref={mainRef} tabIndex={-1} className="min-w-0 px-3 py-3 focus:outline-none sm:px-4">
          {children}
        </main>
      </div>
    );
  }

  return (
    <div className="grid min-h-dvh grid-cols-[minmax(0,1fr)] grid-rows-[auto_auto_1fr] lg:grid-cols-[13rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
      <SkipLink label={t.skipToContent} />
      <header className="flex min-h-14 items-center gap-2 border-b border-border bg-surface px-3 py-2 sm:gap-3 sm:px-4 lg:col-span-2">
        <div className="min-w-0 flex-1">{brand}</div>
        <div className="flex shrink-0 items-center gap-2">{actions}</div>
      </header>
      <NavLinks narrowActions={narrowActions} />
      <main id="main" ref={mainRef} tabIndex={-1} className="min-w-0 px-4 py-5 focus:outline-none sm:px-6 lg:py-8">
        {children}
      </main>
    </div>
  );
}

function SkipLink({ label }: { label: string }) {
  return (
    <a
      href="#main"
      className="fixed -top-20 left-2 z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:top-2"
    >
      {label}
    </a>
  );
}
