/** Reconcile with the service (data/reconcile.ts): the button, its progress, and when it was last done. */
import { useStore } from '@nanostores/react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useReconcile, useReconcileProgress } from '../../../data/reconcile';
import { useReconciledAt } from '../../../data/workspace';
import { format } from '../../../i18n/format';
import { unitsMessages } from '../messages';

/** `unitCount`: how many units the directory has (the workspace's state), undefined until it has said. */
export function ReconcileCard({ unitCount }: { unitCount: number | undefined }) {
  const t = useStore(unitsMessages);
  const f = useStore(format);
  const reconciledAt = useReconciledAt();
  const reconcile = useReconcile();
  const running = useReconcileProgress();
  const failed = reconcile.data?.failed ?? 0;
  return (
    <Card className="space-y-2 p-4">
      <h2 className="text-base font-semibold">{t.reconcileTitle}</h2>
      <p className="text-sm text-muted-foreground">{t.reconcileText}</p>
      <p className="text-sm" data-testid="last-reconciled">
        {reconciledAt === null
          ? t.neverReconciled
          : t.lastReconciled({ date: f.date(reconciledAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
      </p>
      <Button
        variant="secondary"
        disabled={running !== null || !unitCount}
        // The directory's e-mails are asked for now: the page shows only the first ones.
        onClick={() => reconcile.mutate({ units: 'all' })}
      >
        {running ? <Spinner /> : null}
        {t.reconcile}
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {/* While the directory's e-mails are read, the button's spinner says it has begun (no "0 of 0"). */}
        {running && running.total > 0 ? t.reconciling({ done: running.done, total: running.total }) : ''}
      </p>
      {failed > 0 ? <Alert tone="warning">{t.reconcileFailed(failed)}</Alert> : null}
      {reconcile.isError ? <ApiErrorAlert error={reconcile.error} /> : null}
    </Card>
  );
}
