import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useRenameUnit } from '../../../data/units';
import { normalEmail } from '../../../data/units-directory';
import { commonMessages } from '../../../i18n/common-messages';
import { emailField } from '../../../lib/email-schema';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { unitsMessages } from '../messages';

interface RenameUnitDialogProps {
  open: boolean;
  unit: string;
  onOpenChange: (open: boolean) => void;
  onRenamed: (to: string) => void;
}

/** unit_update (docs/partner-api.md#unit_update): the new e-mail validated; every site shared with the unit follows it. */
export function RenameUnitDialog({ open, unit, onOpenChange, onRenamed }: RenameUnitDialogProps) {
  const t = useStore(unitsMessages);
  const common = useStore(commonMessages);
  const schema = useMemo(
    () =>
      z.object({
        to: emailField({ required: t.emailRequired, tooLong: t.emailTooLong, invalid: t.emailInvalid }).check(
          z.refine((v) => normalEmail(v) !== normalEmail(unit), t.renameSame),
        ),
      }),
    [t, unit],
  );
  const form = useZodForm(schema, { defaultValues: { to: '' } });
  const rename = useRenameUnit();
  const submit = form.handleSubmit(({ to }) =>
    rename.mutate(
      { unit, to },
      {
        onSuccess: () => {
          toast({ tone: 'success', title: t.renamed({ unit, to: normalEmail(to) }) });
          onOpenChange(false);
          onRenamed(normalEmail(to));
        },
      },
    ),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset({ to: '' });
          rename.reset();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent title={t.renameTitle({ unit })} description={t.renameText}>
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <Field label={t.renameLabel} error={form.formState.errors.to?.message}>
            {(control) => <Input type="email" autoComplete="off" {...control} {...form.register('to')} />}
          </Field>
          {rename.isError ? <ApiErrorAlert error={rename.error} /> : null}
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {common.cancel}
            </Button>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? <Spinner /> : null}
              {t.renameSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
