import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { Alert } from '../ui/alert';
import { ApiErrorAlert } from '../ui/api-error-alert';
import { Button, buttonVariants } from '../ui/button';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { LoadingStatus, Spinner } from '../ui/spinner';
import { useAgency } from '../../data/agency';
import { commonMessages } from '../../i18n/common-messages';
import { emailField } from '../../lib/email-schema';
import { useZodForm } from '../../lib/use-zod-form';
import { siteDialogMessages } from './site-dialog-messages';
import { ServiceRefusal } from './service-refusal';

interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Shares with the unit; a rejection stays in the dialog with the catalogue's words. */
  onSubmit: (unit: string) => Promise<unknown>;
}

/**
 * Share sites with a unit (docs/partner-api.md#lifecycle: sites_add with a share; needs the agency
 * record, docs/partner-api.md#sites_add). Without an agency record it says so and links to the
 * agency page rather than offering a share that will fail.
 */
export function ShareDialog({ open, onOpenChange, title, onSubmit }: ShareDialogProps) {
  const t = useStore(siteDialogMessages);
  const agency = useAgency();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={t.shareText}>
        {agency.isPending ? (
          <LoadingStatus>{t.agencyLoading}</LoadingStatus>
        ) : agency.isError ? (
          <ApiErrorAlert error={agency.error} />
        ) : agency.data === null ? (
          <Alert tone="warning">
            <p className="font-semibold">{t.needsAgencyTitle}</p>
            <p className="mt-1">{t.needsAgencyText}</p>
            <Link to="/agency" className={`${buttonVariants({ variant: 'secondary', size: 'sm' })} mt-3`}>
              {t.agencyLink}
            </Link>
          </Alert>
        ) : (
          <ShareForm onSubmit={onSubmit} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ShareForm({ onSubmit, onDone }: { onSubmit: (unit: string) => Promise<unknown>; onDone: () => void }) {
  const t = useStore(siteDialogMessages);
  const common = useStore(commonMessages);
  const schema = useMemo(
    () =>
      z.object({ unit: emailField({ required: t.emailRequired, tooLong: t.emailTooLong, invalid: t.emailInvalid }) }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { unit: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const submit = form.handleSubmit(async ({ unit }) => {
    setSending(true);
    setFailure(null);
    try {
      await onSubmit(unit);
      onDone();
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <Field label={t.shareEmail} error={form.formState.errors.unit?.message}>
        {(control) => <Input type="email" autoComplete="email" {...control} {...form.register('unit')} />}
      </Field>
      {failure instanceof ServiceRefusal ? (
        <Alert tone="error">
          <p className="font-semibold">{t.shareFailed({ unit: form.getValues('unit') })}</p>
          <p className="mt-1">{failure.message}</p>
        </Alert>
      ) : failure ? (
        <ApiErrorAlert error={failure} />
      ) : null}
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          {common.cancel}
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? <Spinner /> : null}
          {t.shareSubmit}
        </Button>
      </DialogFooter>
    </form>
  );
}
