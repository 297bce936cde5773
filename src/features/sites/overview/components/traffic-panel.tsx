import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { format } from '../../../../i18n/format';
import { overviewMessages } from '../../overview-messages';
import { ATTACK_CLASSES, type AttackClass, type FleetTraffic } from '../fleet-summary';

type Messages = ReturnType<typeof overviewMessages.get>;

export function classLabel(t: Messages, c: AttackClass | 'allowed'): string {
  const labels: Record<AttackClass | 'allowed', string> = {
    blocked: t.classBlocked,
    dos: t.classDos,
    injection: t.classInjection,
    uploads: t.classUploads,
    other: t.classOther,
    allowed: t.classAllowed,
  };
  return labels[c];
}

/** The period's totals by attack class (the chart's numbers in words). */
export function TrafficTotals({ traffic }: { traffic: FleetTraffic }) {
  const t = useStore(overviewMessages);
  const f = useStore(format);
  return (
    <dl aria-label={t.trafficTotalsLabel} className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {[...ATTACK_CLASSES, 'allowed' as const].map((c) => (
        <div key={c} className="min-w-0">
          <dt className="text-muted-foreground">{classLabel(t, c)}</dt>
          <dd className="font-semibold text-foreground tabular-nums">{f.integer(traffic.totals[c])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The sites with the most attacks over the period, most first. */
export function TopAttacked({ traffic }: { traffic: FleetTraffic }) {
  const t = useStore(overviewMessages);
  const f = useStore(format);
  if (traffic.topAttacked.length === 0) return <p className="text-sm text-muted-foreground">{t.topAttackedNone}</p>;
  return (
    <ol className="space-y-1.5 text-sm">
      {traffic.topAttacked.map((site) => (
        <li key={site.domain} className="flex items-baseline justify-between gap-3">
          <Link
            to="/sites/$domain"
            params={{ domain: site.domain }}
            className="min-w-0 truncate text-link underline-offset-2 hover:underline"
          >
            {site.domain}
          </Link>
          <span className="shrink-0 text-muted-foreground tabular-nums">
            {t.blockedCount({ count: f.integer(site.attacks) })}
          </span>
        </li>
      ))}
    </ol>
  );
}
