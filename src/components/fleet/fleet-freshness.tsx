/**
 * How fresh the fleet's figures are and the way to read them again: the
 * server answers the fleet's pages from its read model at once
 * (docs/workspace.md#the-read-model), with when it last read the fleet from
 * the service (`asOf`), whether a read is under way and why the last one
 * failed. Shared by the overview and the site page.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { FleetFreshness } from '../../api/fleet';
import { stillReading } from '../../data/fleet-reading';
import { format } from '../../i18n/format';
import { cn } from '../../lib/cn';
import { ApiErrorAlert } from '../ui/api-error-alert';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { fleetMessages } from './fleet-messages';
import { refreshErrorOf } from './refresh-error';

export type { FleetFreshness };

/** The read's time as people read it: the time of day, with the date when it is not today. */
function useAsOfText(asOf: number): string {
  const f = useStore(format);
  const today = new Date().toDateString() === new Date(asOf).toDateString();
  return f.date(
    asOf,
    today ? { timeStyle: 'short' } : { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  );
}

interface FleetFreshnessLineProps {
  freshness: FleetFreshness | null | undefined;
  /** Asks the server to read again, then the page's figures (resolves when asked, not when read). */
  onRefresh: () => Promise<unknown>;
  className?: string;
}

/** "As of 11:42", a read under way, and Refresh. */
export function FleetFreshnessLine({ freshness, onRefresh, className }: FleetFreshnessLineProps) {
  const t = useStore(fleetMessages);
  const [asking, setAsking] = useState(false);
  const busy = asking || stillReading(freshness);
  const asOf = freshness?.asOf ?? null;
  const asOfText = useAsOfText(asOf ?? 0);
  const refresh = async () => {
    // Not disabled while busy (focus would fall to the page), only without effect.
    if (busy) return;
    setAsking(true);
    try {
      await onRefresh();
    } finally {
      setAsking(false);
    }
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', className)}>
      <p role="status" className="flex min-h-5 flex-wrap items-center gap-x-1.5" data-testid="fleet-freshness">
        {busy ? <Spinner className="size-3" /> : null}
        {asOf !== null ? <span className="whitespace-nowrap">{t.asOf({ time: asOfText })}</span> : null}
        {busy ? <span>{asOf === null ? t.firstRead : t.reading}</span> : null}
      </p>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t.refreshLabel}
        aria-disabled={busy}
        className={busy ? 'opacity-60' : undefined}
        onClick={() => void refresh()}
      >
        {t.refresh}
      </Button>
    </div>
  );
}

/**
 * Why the last read failed, in the catalogue's words where the service gave
 * a code, with what to do and Try again; the figures shown are older. Nothing
 * when the last read worked.
 */
export function FleetRefreshError({ freshness, onRetry }: { freshness: FleetFreshness; onRetry: () => unknown }) {
  const t = useStore(fleetMessages);
  const asOfText = useAsOfText(freshness.asOf ?? 0);
  if (freshness.refreshError === null || freshness.refreshing) return null;
  const error = refreshErrorOf(freshness.refreshError);
  const shown = freshness.asOf === null ? null : t.staleShown({ time: asOfText });
  const retry = (
    <Button variant="secondary" size="sm" className="mt-3" onClick={() => void onRetry()}>
      {t.retry}
    </Button>
  );
  if (error === null) {
    return (
      <Alert tone="error">
        <p className="font-semibold">{t.keyTitle}</p>
        <p className="mt-1">{t.keyMessage}</p>
        <p className="mt-1">{t.keyNext}</p>
        {shown ? <p className="mt-1">{shown}</p> : null}
        {retry}
      </Alert>
    );
  }
  return (
    <div>
      <ApiErrorAlert error={error} title={t.staleTitle} />
      <div className="flex flex-wrap items-center gap-3">
        {retry}
        {shown ? <p className="mt-3 text-sm text-muted-foreground">{shown}</p> : null}
      </div>
    </div>
  );
}
