import { useStore } from '@nanostores/react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { ChevronRightIcon, MoreIcon, ScanIcon, ShareIcon, TrashIcon } from '../../../components/ui/more-icons';
import { ShieldIcon } from '../../../components/ui/icons';
import { useScanning } from '../../../data/scan-watcher';
import type { Site } from '../../../data/sites';
import { sitesMessages } from '../../../components/site/site-messages';
import { useSiteActions } from '../../../components/site/site-actions';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-foreground outline-none select-none data-[highlighted]:bg-accent data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60';

/**
 * A row's actions (Radix menu: arrow keys, Escape, focus back to the button;
 * non-modal, as the CSP forbids the modal one's <style>). Items that name an
 * action on the site carry its domain in their accessible name.
 */
export function RowActions({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  const { scan, ask, unshare, unit } = useSiteActions();
  const scanning = useScanning()[site.domain] !== undefined;
  const domain = site.domain;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="inline" className="size-8" aria-label={t.actions({ domain })}>
          <MoreIcon size={18} />
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-40 w-60 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-surface p-1 text-foreground shadow-lg"
        >
          <Menu.Item
            className={itemClass}
            disabled={scanning}
            aria-label={t.scanNow({ domain })}
            onSelect={() => scan(domain)}
          >
            <ScanIcon className="shrink-0" />
            {scanning ? t.statusScanning : t.scanNowShort}
          </Menu.Item>
          <Menu.Item asChild className={itemClass}>
            <Link to="/sites/$domain" params={{ domain }} aria-label={t.openSiteOf({ domain })}>
              <ChevronRightIcon className="shrink-0" />
              {t.openSite}
            </Link>
          </Menu.Item>
          <Menu.Item className={itemClass} aria-label={t.shareOf({ domain })} onSelect={() => ask('share', site)}>
            <ShareIcon className="shrink-0" />
            {t.share}
          </Menu.Item>
          {unit ? (
            <Menu.Item
              className={itemClass}
              aria-label={t.unshareOf({ domain, unit })}
              onSelect={() => unshare(domain, unit)}
            >
              <ShareIcon className="shrink-0" />
              {t.unshare({ unit })}
            </Menu.Item>
          ) : null}
          <Menu.Separator className="my-1 h-px bg-border" />
          <Menu.Item
            className={itemClass}
            aria-label={t.removeFirewallOf({ domain })}
            onSelect={() => ask('removeFirewall', site)}
          >
            <ShieldIcon className="shrink-0" />
            {t.removeFirewall}
          </Menu.Item>
          <Menu.Item
            className={`${itemClass} text-danger-text`}
            aria-label={t.deleteOf({ domain })}
            onSelect={() => ask('delete', site)}
          >
            <TrashIcon className="shrink-0" />
            {t.deleteSite}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
