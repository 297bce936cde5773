import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { isMethodError } from '../../../api/error-catalogue';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { useErrorText } from '../../../i18n/error-text';
import { cn } from '../../../lib/cn';
import { bulkMessages } from '../bulk-messages';
import { optionWord, sitesMessages } from '../../../components/site/site-messages';
import type { BulkJob } from '../use-bulk-job';
import { bulkActionLabel } from './bulk-actions';

/** The most sites listed by name in a result; the rest are counted. */
const LISTED = 50;
const SCROLLING_LIST =
  'mt-1 overflow-y-auto rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

interface BulkProgressProps {
  job: BulkJob;
  onCancel: () => void;
  /** Sends the change again to the sites that failed. */
  onRetry: () => void;
  /** Sends the change to the sites a cancel left unsent. */
  onSendRest: () => void;
  onClose: () => void;
  /** For a scan: how many of the scans it started are still running (the scan watcher's). */
  stillScanning?: number;
}

/**
 * A bulk change under way or finished: progress, per-site results, retry of
 * the failed ones, cancel, and sending the rest after a cancel. A scan is
 * started by its request and finishes later: the scans are said started, and
 * finished only once none of them is still running. Sites whose
 * option the key may not use (145904) are not failures: they are said apart,
 * and not retried.
 */
export function BulkProgress({ job, onCancel, onRetry, onSendRest, onClose, stillScanning = 0 }: BulkProgressProps) {
  const t = useStore(bulkMessages);
  const s = useStore(sitesMessages);
  const action = bulkActionLabel(t, job.action);
  const settled = job.done + job.failed.size + job.unavailable.length;
  const failed = [...job.failed];
  const scan = job.action.kind === 'scan';
  const ending = job.cancelled
    ? t.cancelled
    : scan && stillScanning > 0
      ? t.scansRunning(stillScanning)
      : scan
        ? t.scansFinished
        : t.finished;
  return (
    <Card className="space-y-3 p-4" aria-label={t.progressLabel({ action, total: job.total })} role="region">
      <Progress
        value={settled}
        max={job.total}
        label={t.progressLabel({ action, total: job.total })}
        valueText={t.progressValue({ done: settled, total: job.total })}
      />
      <p role="status" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="text-success-text">{scan ? t.scansStarted(job.done) : t.succeeded(job.done)}</span>
        {job.failed.size > 0 ? <span className="font-medium text-danger-text">{t.failed(job.failed.size)}</span> : null}
        {job.unavailable.length > 0 ? (
          <span className="text-warning-text">{t.unavailable(job.unavailable.length)}</span>
        ) : null}
        {job.notSent.length > 0 ? <span className="text-muted-foreground">{t.notSent(job.notSent.length)}</span> : null}
        {!job.running ? <span className="font-medium">{ending}</span> : null}
      </p>
      {failed.length > 0 ? (
        <Alert tone="error" role="group" aria-label={t.failedList}>
          <p className="font-semibold">{t.failedList}</p>
          {/* Focusable: a long list scrolls, and the keyboard must reach it (axe scrollable-region-focusable). */}
          <ul tabIndex={0} aria-label={t.failedList} className={cn(SCROLLING_LIST, 'max-h-48 space-y-1')}>
            {failed.slice(0, LISTED).map(([domain, error]) => (
              <Failure key={domain} domain={domain} error={error} />
            ))}
          </ul>
          {failed.length > LISTED ? <p className="mt-1">{t.moreFailed(failed.length - LISTED)}</p> : null}
        </Alert>
      ) : null}
      {job.unavailable.length > 0 && job.action.kind === 'option' ? (
        <Alert tone="warning" role="group" aria-label={t.unavailableList}>
          <p className="font-semibold">{t.unavailableTitle({ option: optionWord(s, job.action.change.option) })}</p>
          <p className="mt-1">{t.unavailableText}</p>
          <ul tabIndex={0} aria-label={t.unavailableList} className={cn(SCROLLING_LIST, 'max-h-32 space-y-0.5')}>
            {job.unavailable.slice(0, LISTED).map((domain) => (
              <li key={domain} className="break-words">
                {domain}
              </li>
            ))}
          </ul>
          {job.unavailable.length > LISTED ? (
            <p className="mt-1">{t.moreFailed(job.unavailable.length - LISTED)}</p>
          ) : null}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {job.running ? (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : (
          <>
            {job.failed.size > 0 ? (
              <Button size="sm" onClick={onRetry}>
                {t.retryFailed(job.failed.size)}
              </Button>
            ) : null}
            {/* The rest would be refused as well when the key may not use the option (145904 is per key). */}
            {job.notSent.length > 0 && job.unavailable.length === 0 ? (
              <Button size="sm" variant={job.failed.size > 0 ? 'secondary' : 'primary'} onClick={onSendRest}>
                {t.sendRest(job.notSent.length)}
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" onClick={onClose}>
              {t.close}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * One failed site: the catalogue's words for an error, or the service's own
 * text for a per-site refusal; a scan refused for the missing sync file
 * (146901) says so and leads to the sync file page, as the row does.
 */
function Failure({ domain, error }: { domain: string; error: unknown }) {
  const s = useStore(sitesMessages);
  const text = useErrorText(error);
  const syncMissing = isMethodError(error, 'site_scan', 'notAvailable');
  return (
    <li className="break-words">
      <span className="font-medium">{domain}</span>:{' '}
      {typeof error === 'string' ? (
        error
      ) : syncMissing ? (
        <>
          {s.syncMissing}{' '}
          <Link to="/sync-file" className="font-medium text-link underline underline-offset-2">
            {s.syncFileLink}
          </Link>
        </>
      ) : (
        `${text.title}. ${text.message}`
      )}
    </li>
  );
}
