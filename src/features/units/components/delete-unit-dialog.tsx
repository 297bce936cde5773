import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteUnit } from '../../../data/units';
import { toast } from '../../../lib/toast-store';
import { unitsMessages } from '../messages';

interface DeleteUnitDialogProps {
  open: boolean;
  unit: string;
  /** The unit's sites: counted in the question, deleted with it when asked. */
  domains: readonly string[];
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/** unit_delete (docs/partner-api.md#unit_delete), with or without its sites; the question says how many sites go. */
export function DeleteUnitDialog({ open, unit, domains, onOpenChange, onDeleted }: DeleteUnitDialogProps) {
  const t = useStore(unitsMessages);
  const [withSites, setWithSites] = useState(false);
  const remove = useDeleteUnit();
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setWithSites(false);
          setFailure(null);
        }
        onOpenChange(next);
      }}
      title={t.deleteTitle({ unit })}
      description={t.deleteText}
      confirmLabel={withSites ? t.deleteConfirmWithSites(domains.length) : t.deleteConfirm}
      onConfirm={async () => {
        setFailure(null);
        try {
          await remove.mutateAsync({ unit, withSites, domains });
        } catch (error) {
          setFailure(error);
          throw error;
        }
        toast({ tone: 'success', title: t.deleted({ unit }) });
        onDeleted();
      }}
    >
      {domains.length > 0 ? (
        <Checkbox
          label={t.deleteWithSites(domains.length)}
          checked={withSites}
          onChange={(e) => setWithSites(e.currentTarget.checked)}
        />
      ) : null}
      {failure ? <ApiErrorAlert error={failure} className="mt-3" /> : null}
    </ConfirmDialog>
  );
}
