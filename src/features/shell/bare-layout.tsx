import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { ShieldIcon } from '../../components/ui/icons';
import { commonMessages } from '../../i18n/common-messages';

/**
 * The frame of pages outside the signed-in shell (login, errors, not found):
 * the product name, optional actions (theme toggle), a skip link and main.
 * Embedded in a panel (the `embed:` variant) the panel's own header stands
 * for ours, and the page is as tall as its content.
 */
export function BareLayout({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const t = useStore(commonMessages);
  return (
    <div className="flex min-h-dvh flex-col embed:min-h-0">
      <a
        href="#main"
        className="fixed -top-20 left-2 z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:top-2"
      >
        {t.skipToContent}
      </a>
      <header className="flex items-center justify-between gap-3 px-4 py-3 embed:hidden">
        <span className="flex min-w-0 items-center gap-2 font-semibold text-foreground">
          <ShieldIcon size={28} className="shrink-0 text-primary" />
          {t.productName}
        </span>
        {actions}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex-1 px-4 pt-4 pb-12 focus:outline-none sm:pt-10 embed:px-3 embed:py-4 embed:sm:pt-4"
      >
        {children}
      </main>
    </div>
  );
}
