/** The customer a site is shared with, as the team's workspace knows it (docs/workspace.md): a link to the customer on the Units page. */
import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { useSiteCustomer } from '../../../data/workspace';
import { sitesMessages } from '../../../components/site/site-messages';

export function CustomerCell({ domain }: { domain: string }) {
  const t = useStore(sitesMessages);
  const customer = useSiteCustomer(domain);
  if (customer === undefined) return <span className="text-xs text-muted-foreground">{t.noCustomer}</span>;
  return (
    <Link
      to="/units"
      search={{ unit: customer }}
      title={customer}
      className="block truncate text-link underline-offset-2 hover:underline"
    >
      {customer}
    </Link>
  );
}
