/** How fresh the sites table's rows are (the server's read model, docs/workspace.md#the-read-model), and the wait for the first read. */
import { useStore } from '@nanostores/react';
import { format } from '../../../i18n/format';
import { sitesToolbarMessages } from '../toolbar-messages';

interface FreshnessProps {
  asOf: number | null;
  refreshing: boolean;
  refreshError: string | null;
}

/** "as of 14:05", "updating…" while the server reads the fleet again, and a word when its last read failed. */
export function Freshness({ asOf, refreshing, refreshError }: FreshnessProps) {
  const t = useStore(sitesToolbarMessages);
  const f = useStore(format);
  if (asOf === null) return null;
  const time = f.date(asOf, { timeStyle: 'short' });
  return (
    <p className="text-sm text-muted-foreground" data-testid="sites-freshness">
      <time
        dateTime={new Date(asOf).toISOString()}
        title={t.asOfTitle({ time: f.date(asOf, { dateStyle: 'medium', timeStyle: 'short' }) })}
      >
        {t.asOf({ time })}
      </time>
      {refreshing ? <span role="status"> · {t.updating}</span> : null}
      {!refreshing && refreshError !== null ? <span className="block text-warning-text">{t.readFailed}</span> : null}
    </p>
  );
}

/** The rows are on their way (the server's first read of the fleet can take a while). */
export function SitesLoading() {
  const t = useStore(sitesToolbarMessages);
  return (
    <div
      role="status"
      className="rounded-lg border border-border bg-surface px-6 py-10 text-center text-sm text-muted-foreground"
    >
      <span
        className="mx-auto mb-3 block size-5 animate-spin rounded-full border-2 border-border border-t-primary motion-reduce:animate-none"
        aria-hidden="true"
      />
      {t.loading}
    </div>
  );
}
