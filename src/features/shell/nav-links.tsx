import { useStore } from '@nanostores/react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { MenuIcon } from '../../components/ui/icons';
import { cn } from '../../lib/cn';
import { shellMessages } from './messages';

/** The sections of the dashboard (docs/architecture.md#the-parts); each is a real route. */
const SECTIONS = [
  { to: '/', label: 'overview' },
  { to: '/sites', label: 'sites' },
  { to: '/units', label: 'units' },
  { to: '/activity', label: 'activity' },
  { to: '/agency', label: 'agency' },
  { to: '/sync-file', label: 'syncFile' },
  { to: '/developer', label: 'developer' },
] as const;

/**
 * A sidebar from the `lg` breakpoint. Below it (a phone, or a hoster panel's
 * iframe 360 px wide) a "Menu" disclosure button opens the same links as a
 * vertical list, so every page is in reach without sideways scrolling. The
 * active link carries aria-current="page" (set by Link).
 *
 * `compact` (embedded in a panel): one bar with the links in a row from `md`,
 * the Menu button below it, and `actions` at the bar's end.
 */
export function NavLinks({
  compact = false,
  actions,
  narrowActions,
}: {
  compact?: boolean;
  actions?: ReactNode;
  /** Shown at the end of the Menu row below `sm`, where the header has no room for them. */
  narrowActions?: ReactNode;
}) {
  const t = useStore(shellMessages);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Open for the page it was opened on: any navigation (a link here, the brand,
  // Back) closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const current = SECTIONS.find((s) => (s.to === '/' ? pathname === '/' : pathname.startsWith(s.to)));

  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      setOpenOn(null);
      buttonRef.current?.focus();
    }
  };
  const menuButton = (className: string) => (
    <Button
      ref={buttonRef}
      variant="secondary"
      size="sm"
      className={className}
      aria-expanded={open}
      aria-controls={listId}
      onClick={() => setOpenOn(open ? null : pathname)}
    >
      <MenuIcon />
      {t.menu}
    </Button>
  );
  const links = (linkClass: string) =>
    SECTIONS.map((s) => (
      <li key={s.to}>
        <Link
          to={s.to}
          activeOptions={{ exact: s.to === '/' }}
          onClick={() => setOpenOn(null)}
          className={cn(
            'block rounded-md text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground data-[status=active]:bg-accent data-[status=active]:font-semibold data-[status=active]:text-foreground',
            linkClass,
          )}
        >
          {t[s.label]}
        </Link>
      </li>
    ));
  const currentLabel = (className: string) =>
    current ? (
      <span className={cn('truncate text-sm font-medium text-muted-foreground', className)}>{t[current.label]}</span>
    ) : null;

  if (compact) {
    return (
      <nav aria-label={t.navLabel} className="min-w-0 border-b border-border bg-surface" onKeyDown={closeOnEscape}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-2 py-1.5">
          {menuButton('md:hidden')}
          {currentLabel('min-w-0 flex-1 md:hidden')}
          <ul
            id={listId}
            className={cn(
              'order-last basis-full flex-col gap-0.5 md:order-none md:flex md:basis-auto md:flex-row md:flex-wrap',
              open ? 'flex' : 'hidden',
            )}
          >
            {links('px-3 py-2 md:px-2.5 md:py-1.5')}
          </ul>
          {actions ? <div className="ml-auto flex shrink-0 items-center gap-2">{actions}</div> : null}
        </div>
      </nav>
    );
  }

  return (
    <nav
      aria-label={t.navLabel}
      className="relative min-w-0 border-b border-border bg-surface lg:border-r lg:border-b-0"
      onKeyDown={closeOnEscape}
    >
      <div className="flex items-center gap-3 px-3 py-2 lg:hidden">
        {menuButton('')}
        {currentLabel('')}
      </div>
      <ul
        id={listId}
        className={cn(
          'flex-col gap-1 border-t border-border px-2 py-2 lg:flex lg:border-t-0 lg:px-3 lg:py-4',
          open ? 'flex' : 'hidden',
        )}
      >
        {links('px-3 py-2.5 lg:py-2')}
      </ul>
      {/* At the Menu row's end, but after the links in the keyboard path (Menu, Enter, Tab walks the links). */}
      {narrowActions ? (
        <div className="absolute top-2 right-3 flex items-center gap-2 sm:hidden">{narrowActions}</div>
      ) : null}
    </nav>
  );
}
