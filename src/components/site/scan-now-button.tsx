import { useStore } from '@nanostores/react';
import { Button, type ButtonProps } from '../ui/button';
import { ScanIcon } from '../ui/more-icons';
import { useScanning } from '../../data/scan-watcher';
import type { Site } from '../../data/sites';
import { sitesMessages } from './site-messages';
import { useSiteActions } from './site-actions';

/** Starts a scan of the site; says "Scanning…" (unavailable, keeping the focus) while one started here runs. */
export function ScanNowButton({ site, size }: { site: Site; size?: ButtonProps['size'] }) {
  const t = useStore(sitesMessages);
  const { scan } = useSiteActions();
  const scanning = useScanning()[site.domain] !== undefined;
  return (
    <Button
      variant="secondary"
      size={size}
      unavailable={scanning}
      aria-label={scanning ? t.scanningSite({ domain: site.domain }) : t.scanNow({ domain: site.domain })}
      onClick={() => scan(site.domain)}
    >
      <ScanIcon />
      {scanning ? t.statusScanning : t.scanNowShort}
    </Button>
  );
}
