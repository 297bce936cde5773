import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { Card } from '../../../components/ui/card';
import { syncFileMessages } from '../messages';

/**
 * What the per-site health slot of the page shows until the sites' shared scan
 * state can list the sites that answered 146901: what the error means and
 * where to re-check.
 */
export function SiteHealthFallback() {
  const t = useStore(syncFileMessages);
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-foreground">{t.healthHeading}</h2>
      <p className="mt-2 text-sm text-foreground">{t.healthText}</p>
      <Link to="/sites" className="mt-3 inline-block text-sm text-link underline underline-offset-2">
        {t.goToSites}
      </Link>
    </Card>
  );
}
