/** The pieces of a site's row that the site page shows too: status, scan times, the row's error. */
import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { isMethodError } from '../../api/error-catalogue';
import { Button } from '../ui/button';
import { XIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { useScanning } from '../../data/scan-watcher';
import type { Site } from '../../data/sites';
import { useErrorText } from '../../i18n/error-text';
import { format } from '../../i18n/format';
import { cn } from '../../lib/cn';
import { optionWord, sitesMessages, type SitesMessages } from './site-messages';
import { statusOf, type SiteStatus } from '../../data/site-model/site-status';
import { clearRowError, useRowError, type RowErrorAction } from './row-errors';

const STATUS_STYLE: Record<SiteStatus, string> = {
  clean: 'border-success-border bg-success-surface text-success-text',
  infected: 'border-danger-border bg-danger-surface text-danger-text',
  incurable: 'border-danger-border bg-danger-surface text-danger-text font-semibold',
  suspicious: 'border-warning-border bg-warning-surface text-warning-text',
  errors: 'border-warning-border bg-warning-surface text-warning-text',
  never: 'border-border bg-surface-muted text-muted-foreground',
};

export function statusLabel(t: SitesMessages, status: SiteStatus): string {
  const labels: Record<SiteStatus, string> = {
    clean: t.statusClean,
    infected: t.statusInfected,
    incurable: t.statusIncurable,
    suspicious: t.statusSuspicious,
    errors: t.statusErrors,
    never: t.statusNever,
  };
  return labels[status];
}

/** The status of the latest report, or "Scanning…" while a scan started here runs. */
export function StatusBadge({ site, className }: { site: Site; className?: string }) {
  const t = useStore(sitesMessages);
  const scanning = useScanning()[site.domain] !== undefined;
  const status = statusOf(site);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        scanning ? 'border-info-border bg-info-surface text-info-text' : STATUS_STYLE[status],
        className,
      )}
    >
      {scanning ? <Spinner className="size-3" /> : null}
      {scanning ? t.statusScanning : statusLabel(t, status)}
    </span>
  );
}

/**
 * A UNIX time as a short date over its time (the full one on hover); `empty`
 * when there is none. `oneLine` (a table row): the date, the time only on
 * hover and to a screen reader, so the row stays one line tall.
 */
export function ScanTime({
  seconds,
  empty,
  oneLine = false,
}: {
  seconds: number | null | undefined;
  empty: string;
  oneLine?: boolean;
}) {
  const f = useStore(format);
  if (!seconds) return <span className="text-muted-foreground">{empty}</span>;
  const date = new Date(seconds * 1000);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  const day = f.date(date, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
  const time = f.date(date, { timeStyle: 'short' });
  if (oneLine) {
    return (
      <span title={f.unixTime(seconds)} className="block truncate">
        {day}
        <span className="sr-only">, {time}</span>
      </span>
    );
  }
  return (
    <span title={f.unixTime(seconds)} className="block leading-tight">
      <span className="block">{day}</span>
      <span className="block text-xs text-muted-foreground">{time}</span>
    </span>
  );
}

function errorTitle(t: SitesMessages, action: RowErrorAction, domain: string): string {
  switch (action) {
    case 'scan':
      return t.scanFailed({ domain });
    case 'delete':
      return t.deleteFailed({ domain });
    case 'unshare':
      return t.unshareFailed({ domain });
    default:
      return t.notChanged({ option: optionWord(t, action), domain });
  }
}

/** The site's last failed change, in the catalogue's words, until the next change or dismissed. */
export function RowErrorNote({ domain }: { domain: string }) {
  const failure = useRowError(domain);
  if (!failure) return null;
  return (
    <div className="mt-1">
      <RowErrorText domain={domain} action={failure.action} error={failure.error} />
    </div>
  );
}

/** In the sites table: the row's last failed change, as a row of its own under the site's. */
export function RowErrorRow({ domain, columns }: { domain: string; columns: number }) {
  const failure = useRowError(domain);
  if (!failure) return null;
  return (
    <tr data-note-for={domain} className="[&>td]:border-b [&>td]:border-border">
      <td colSpan={columns} className="px-3 pt-0 pb-2 sm:pl-11">
        <RowErrorText domain={domain} action={failure.action} error={failure.error} />
      </td>
    </tr>
  );
}

function RowErrorText({ domain, action, error }: { domain: string; action: RowErrorAction; error: unknown }) {
  const t = useStore(sitesMessages);
  const text = useErrorText(error);
  const syncMissing = isMethodError(error, 'site_scan', 'notAvailable');
  const title = errorTitle(t, action, domain);
  return (
    <div role="alert" className="flex items-start gap-1 text-xs whitespace-normal text-danger-text">
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{title}. </span>
        {syncMissing ? `${t.syncMissing} ${t.syncMissingNext} ` : `${text.message} ${text.next} `}
        {syncMissing ? (
          <Link to="/sync-file" className="font-medium text-link underline underline-offset-2">
            {t.syncFileLink}
          </Link>
        ) : null}
      </p>
      <Button
        variant="ghost"
        size="inline"
        className="size-6 shrink-0"
        aria-label={t.dismissError({ domain })}
        onClick={() => clearRowError(domain)}
      >
        <XIcon size={14} />
      </Button>
    </div>
  );
}
