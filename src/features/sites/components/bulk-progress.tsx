import { useStore } from '@nanostores/react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { useErrorText } from '../../../i18n/error-text';
import { bulkMessages } from '../bulk-messages';
import type { BulkJob } from '../use-bulk-job';
import { bulkActionLabel } from './bulk-actions';

/** The most failures listed by name; the rest are counted. */
const LISTED = 50;

interface BulkProgressProps {
  job: BulkJob;
  onCancel: () => void;
  onRetry: () => void;
  onClose: () => void;
}

/** A bulk change under way or finished: progress, per-site results, retry of the failed ones, cancel. */
export function BulkProgress({ job, onCancel, onRetry, onClose }: BulkProgressProps) {
  const t = useStore(bulkMessages);
  const action = bulkActionLabel(t, job.action);
  const settled = job.done + job.failed.size;
  const failed = [...job.failed];
  return (
    <Card className="space-y-3 p-4" aria-label={t.progressLabel({ action, total: job.total })} role="region">
      <Progress
        value={settled}
        max={job.total}
        label={t.progressLabel({ action, total: job.total })}
        valueText={t.progressValue({ done: settled, total: job.total })}
      />
      <p role="status" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="text-success-text">{t.succeeded(job.done)}</span>
        {job.failed.size > 0 ? <span className="font-medium text-danger-text">{t.failed(job.failed.size)}</span> : null}
        {job.notSent.length > 0 ? <span className="text-muted-foreground">{t.notSent(job.notSent.length)}</span> : null}
        {!job.running ? <span className="font-medium">{job.cancelled ? t.cancelled : t.finished}</span> : null}
      </p>
      {failed.length > 0 ? (
        <Alert tone="error" role="group" aria-label={t.failedList}>
          <p className="font-semibold">{t.failedList}</p>
          <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto">
            {failed.slice(0, LISTED).map(([domain, error]) => (
              <Failure key={domain} domain={domain} error={error} />
            ))}
          </ul>
          {failed.length > LISTED ? <p className="mt-1">{t.moreFailed(failed.length - LISTED)}</p> : null}
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
            <Button variant="secondary" size="sm" onClick={onClose}>
              {t.close}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

/** One failed site: the catalogue's words for an error, or the service's own text for a per-site refusal. */
function Failure({ domain, error }: { domain: string; error: unknown }) {
  const text = useErrorText(error);
  return (
    <li className="break-words">
      <span className="font-medium">{domain}</span>:{' '}
      {typeof error === 'string' ? error : `${text.title}. ${text.message}`}
    </li>
  );
}
