import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import type { SitesSearch } from '../../../data/site-model/sites-search';
import { overviewMessages } from '../messages';
import type { FleetCounts } from '../fleet-summary';

type Tone = 'danger' | 'warning' | 'neutral';
type Messages = ReturnType<typeof overviewMessages.get>;

/** Each counter and the sites page's filter that shows the same sites (src/data/site-model/sites-search.ts). */
export const COUNTERS = [
  { key: 'sites', search: {}, tone: 'neutral' },
  { key: 'infected', search: { status: 'infected' }, tone: 'danger' },
  { key: 'incurable', search: { status: 'incurable' }, tone: 'danger' },
  { key: 'suspicious', search: { status: 'suspicious' }, tone: 'warning' },
  { key: 'errors', search: { status: 'errors' }, tone: 'warning' },
  { key: 'scanDue', search: { scan: 'due' }, tone: 'warning' },
  { key: 'firewallOff', search: { firewall: 'off' }, tone: 'warning' },
  { key: 'cleanupOff', search: { cleanup: 'off' }, tone: 'neutral' },
] as const satisfies readonly { key: keyof FleetCounts; search: Partial<SitesSearch>; tone: Tone }[];

type CounterKey = (typeof COUNTERS)[number]['key'];

function words(t: Messages, key: CounterKey): { label: string; hint: string } {
  const all: Record<CounterKey, { label: string; hint: string }> = {
    sites: { label: t.counterSites, hint: t.counterSitesHint },
    infected: { label: t.counterInfected, hint: t.counterInfectedHint },
    incurable: { label: t.counterIncurable, hint: t.counterIncurableHint },
    suspicious: { label: t.counterSuspicious, hint: t.counterSuspiciousHint },
    errors: { label: t.counterErrors, hint: t.counterErrorsHint },
    scanDue: { label: t.counterScanDue, hint: t.counterScanDueHint },
    firewallOff: { label: t.counterFirewallOff, hint: t.counterFirewallOffHint },
    cleanupOff: { label: t.counterCleanupOff, hint: t.counterCleanupOffHint },
  };
  return all[key];
}

const TONE: Record<Tone, string> = {
  danger: 'text-danger-text',
  warning: 'text-warning-text',
  neutral: 'text-foreground',
};

/** The counters, each a link to the sites page filtered to the same sites; placeholders while unknown. */
export function FleetCounters({ counts }: { counts: FleetCounts | null }) {
  const t = useStore(overviewMessages);
  const f = useStore(format);
  return (
    <ul aria-label={t.countersLabel} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {COUNTERS.map(({ key, search, tone }) => {
        const { label, hint } = words(t, key);
        const n = counts?.[key];
        return (
          <li
            key={key}
            className="relative rounded-lg border border-border bg-surface p-3 shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:border-input sm:p-4"
          >
            <p className="text-sm font-medium text-muted-foreground">{label}</p>
            {n === undefined ? (
              <p
                className="mt-1 h-8 w-12 animate-pulse rounded bg-accent motion-reduce:animate-none"
                aria-hidden="true"
              />
            ) : (
              <Link
                to="/sites"
                search={search}
                aria-label={t.counterLink({ label, count: f.integer(n) })}
                className={cn(
                  'mt-1 block text-2xl font-semibold tabular-nums outline-none after:absolute after:inset-0',
                  n > 0 ? TONE[tone] : 'text-foreground',
                )}
                data-counter={key}
              >
                {f.integer(n)}
              </Link>
            )}
            <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
          </li>
        );
      })}
    </ul>
  );
}
