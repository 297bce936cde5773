import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { Breakable } from '../../../components/ui/breakable';
import type { FleetSummaryAnswer } from '../../../api/fleet';
import { format } from '../../../i18n/format';
import { overviewMessages } from '../messages';

/** The sites that blocked the most requests over the period, most first (summed by the server). */
export function TopAttacked({ sites }: { sites: FleetSummaryAnswer['topAttacked'] }) {
  const t = useStore(overviewMessages);
  const f = useStore(format);
  if (sites.length === 0) return <p className="text-sm text-muted-foreground">{t.topAttackedNone}</p>;
  return (
    <ol className="space-y-1.5 text-sm">
      {sites.map((site) => (
        <li key={site.domain} className="flex items-baseline justify-between gap-3">
          <Link
            to="/sites/$domain"
            params={{ domain: site.domain }}
            className="min-w-0 break-words text-link underline-offset-2 hover:underline"
          >
            <Breakable text={site.domain} />
          </Link>
          <span className="shrink-0 text-muted-foreground tabular-nums">
            {t.blockedCount({ count: f.integer(site.blocked) })}
          </span>
        </li>
      ))}
    </ol>
  );
}
