import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { ShieldIcon } from '../../components/ui/icons';
import { commonMessages } from '../../i18n/common-messages';
import { useAgency } from '../../data/agency';
import { useBrokenImage } from '../../lib/broken-images';

/**
 * The header's brand: the agency's title and logo when the account has an
 * agency record (docs/partner-api.md#agency-record), else the product name. Any failure here (no
 * agency, 505 for a key without agency access, service down) shows the product
 * name: the header never breaks the page.
 */
export function AgencyBrand() {
  const { productName } = useStore(commonMessages);
  const { data: agency } = useAgency({ retry: false });
  const title = agency?.title.trim() || productName;
  const logo = agency?.logourl && /^https?:\/\//i.test(agency.logourl) ? agency.logourl : undefined;
  // Narrow headers (360 px) give the name two lines and smaller type; the title
  // attribute carries the whole name should even that cut it.
  return (
    <Link to="/" title={title} className="flex min-w-0 items-center gap-2 rounded-md text-foreground">
      {logo ? <AgencyLogo key={logo} src={logo} /> : <ShieldIcon size={28} className="shrink-0 text-primary" />}
      <span className="min-w-0">
        {/* Isolated: the agency's own text (a right-to-left mark in it) cannot reorder what is around it. */}
        <bdi
          data-testid="agency-brand-title"
          className="line-clamp-2 text-sm leading-tight font-semibold break-words sm:text-base"
        >
          {title}
        </bdi>
        {agency ? (
          <span className="hidden truncate text-xs leading-tight text-muted-foreground sm:block">{productName}</span>
        ) : null}
      </span>
    </Link>
  );
}

/** The logo is decorative (the title is next to it); a broken image falls back to the icon, for the session. */
function AgencyLogo({ src }: { src: string }) {
  const [broken, setBroken] = useBrokenImage(src);
  if (broken) return <ShieldIcon size={28} className="shrink-0 text-primary" />;
  return (
    <img
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      className="size-8 shrink-0 rounded object-contain"
      onError={setBroken}
    />
  );
}
