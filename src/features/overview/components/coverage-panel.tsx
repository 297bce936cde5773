import { useStore } from '@nanostores/react';
import { Progress } from '../../../components/ui/progress';
import { format } from '../../../i18n/format';
import { overviewMessages } from '../messages';
import type { FleetCounts } from '../fleet-summary';

/** The share of sites with the firewall on, with cleanup on, and scanned within their period. */
export function CoveragePanel({ counts }: { counts: FleetCounts }) {
  const t = useStore(overviewMessages);
  const f = useStore(format);
  const total = counts.sites;
  const rows = [
    { label: t.coverageFirewall, value: counts.firewallOn },
    { label: t.coverageCleanup, value: counts.cleanupOn },
    { label: t.coverageScanned, value: counts.scannedRecently },
  ];
  return (
    <div className="space-y-4">
      {rows.map(({ label, value }) => (
        <Progress
          key={label}
          label={label}
          value={value}
          max={Math.max(1, total)}
          valueText={t.coverageValue({
            percent: f.number(total === 0 ? 0 : value / total, { style: 'percent' }),
            count: f.integer(value),
            total: f.integer(total),
          })}
        />
      ))}
      <p className="text-xs text-muted-foreground">{t.coverageScannedHint}</p>
    </div>
  );
}
