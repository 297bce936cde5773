import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/** The sections of the dashboard (DESIGN.md); each is a real route. */
const SECTIONS = [
  { to: '/', label: 'Overview' },
  { to: '/sites', label: 'Sites' },
  { to: '/units', label: 'Units' },
  { to: '/agency', label: 'Agency' },
  { to: '/sync-file', label: 'Sync file' },
  { to: '/developer', label: 'Developer' },
] as const;

/**
 * A horizontal bar that scrolls sideways at narrow widths (a hoster panel's
 * iframe can be 360 px wide), a sidebar from the `lg` breakpoint. The active
 * link carries aria-current="page" (set by Link).
 */
export function NavLinks() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navRef = useRef<HTMLElement>(null);
  // At narrow widths the bar scrolls: keep the current section in view.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav
      ref={navRef}
      aria-label="Main"
      className="min-w-0 overflow-x-auto border-b border-border bg-surface lg:overflow-visible lg:border-r lg:border-b-0"
    >
      <ul className="flex w-max gap-1 px-2 py-2 lg:w-auto lg:flex-col lg:px-3 lg:py-4">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              activeOptions={{ exact: s.to === '/' }}
              className="block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-accent hover:text-foreground data-[status=active]:bg-accent data-[status=active]:font-semibold data-[status=active]:text-foreground"
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
