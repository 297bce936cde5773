import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteAgency } from '../../../data/agency';
import { toast } from '../../../lib/toast-store';
import { agencyMessages } from '../messages';

/**
 * agency_delete (docs/partner-api.md#agency_delete) behind a confirmation that says what stops
 * working: the brand in the header and reports, and sharing sites with units
 * (docs/partner-api.md#lifecycle: sharing needs the agency record). A failure shows in the dialog,
 * which stays open.
 */
export function DeleteAgency({ onDeleted }: { onDeleted: () => void }) {
  const t = useStore(agencyMessages);
  const [open, setOpen] = useState(false);
  const remove = useDeleteAgency({ errorDisplay: 'inline' });
  return (
    <section className="mt-10 border-t border-border pt-6">
      {/* Outlined in the danger colours: no variant, whose border and text colours would compete (cn has no merge). */}
      <Button
        variant={null}
        className="border border-danger-border bg-surface text-danger-text hover:bg-danger-surface"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        {t.delete}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t.deleteTitle}
        description={t.deleteDescription}
        confirmLabel={t.delete}
        onConfirm={async () => {
          await remove.mutateAsync();
          toast({ tone: 'success', title: t.deleted });
          onDeleted();
        }}
      >
        {remove.isError ? <ApiErrorAlert error={remove.error} title={t.deleteFailed} /> : null}
      </ConfirmDialog>
    </section>
  );
}
