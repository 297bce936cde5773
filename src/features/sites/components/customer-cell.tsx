/** The customer a site is shared with, as the team's workspace knows it (docs/workspace.md): a link to the customer on the Units page. */
import { useStore } from '@nanostores/react';
import type { Site } from '../../../data/sites';
import { sitesMessages } from '../../../components/site/site-messages';
import { PlainLink } from '../../../components/ui/plain-link';
import { customerHref } from './row-hrefs';

/** The customer a row carries: the read model's rows (`unit`), or a unit's own list (the unit); undefined when none is known. */
export function rowCustomer(site: Site & { unit?: unknown }): string | undefined {
  return typeof site.unit === 'string' ? site.unit : undefined;
}

export function CustomerCell({ customer }: { customer: string | undefined }) {
  const t = useStore(sitesMessages);
  if (customer === undefined) return <span className="text-xs text-muted-foreground">{t.noCustomer}</span>;
  return (
    <PlainLink
      href={customerHref(customer)}
      to={{ to: '/units', search: { unit: customer } }}
      title={customer}
      className="block truncate text-link underline-offset-2 hover:underline"
    >
      {customer}
    </PlainLink>
  );
}
