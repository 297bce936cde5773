import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { isMethodError } from '../../../api/error-catalogue';
import { Alert } from '../../../components/ui/alert';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useRenameUnit } from '../../../data/units';
import { sitesQueryOptions } from '../../../data/sites-query';
import { normalEmail } from '../../../data/units-directory';
import { commonMessages } from '../../../i18n/common-messages';
import { emailField } from '../../../lib/email-schema';
import { useApi } from '../../../lib/api-context';
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
  const existing = useExistingUnit();
  /** The customer the new e-mail already belongs to: the two become one once confirmed. */
  const [merge, setMerge] = useState<{ to: string; sites: number } | null>(null);
  const apply = (to: string) =>
    rename.mutate(
      { unit, to },
      {
        onSuccess: () => {
          toast({ tone: 'success', title: t.renamed({ unit, to: normalEmail(to) }) });
          onOpenChange(false);
          onRenamed(normalEmail(to));
        },
      },
    );
  const submit = form.handleSubmit(({ to }) =>
    existing.check(to).then((sites) => {
      if (sites === null) apply(to);
      else if (sites !== undefined) setMerge({ to: normalEmail(to), sites });
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset({ to: '' });
          rename.reset();
          existing.reset();
          setMerge(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent title={t.renameTitle({ unit })} description={t.renameText}>
        {merge ? (
          <div className="space-y-4">
            <Alert tone="warning" className="break-words">
              <p className="font-semibold">{t.mergeTitle({ to: merge.to })}</p>
              <p className="mt-1">{t.mergeText({ unit, to: merge.to, sites: t.siteCount(merge.sites) })}</p>
            </Alert>
            {rename.isError ? <ApiErrorAlert error={rename.error} /> : null}
            <DialogFooter>
              <Button variant="secondary" autoFocus onClick={() => setMerge(null)}>
                {t.mergeBack}
              </Button>
              <Button variant="danger" disabled={rename.isPending} onClick={() => apply(merge.to)}>
                {rename.isPending ? <Spinner /> : null}
                {t.mergeConfirm}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
            <Field label={t.renameLabel} error={form.formState.errors.to?.message}>
              {(control) => <Input type="email" autoComplete="off" {...control} {...form.register('to')} />}
            </Field>
            {rename.isError ? <ApiErrorAlert error={rename.error} /> : null}
            {existing.error !== null ? <ApiErrorAlert error={existing.error} /> : null}
            <DialogFooter>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                {common.cancel}
              </Button>
              <Button type="submit" disabled={rename.isPending || existing.pending}>
                {rename.isPending || existing.pending ? <Spinner /> : null}
                {t.renameSubmit}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Whether the service already has a customer with an e-mail (sites_list?unit=,
 * docs/partner-api.md#sites_list): its number of sites, null when there is none
 * (142900), undefined when the service could not say (the error is kept).
 */
function useExistingUnit() {
  const api = useApi();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const check = async (email: string): Promise<number | null | undefined> => {
    setPending(true);
    setError(null);
    const options = sitesQueryOptions(api, normalEmail(email));
    try {
      return (await client.fetchQuery({ ...options, staleTime: 0 })).length;
    } catch (failure) {
      // A failed check must not stay in the cache: once renamed, the unit's page would show
      // that failure rather than ask again (queries are not retried on mount).
      client.removeQueries({ queryKey: options.queryKey, exact: true });
      if (isMethodError(failure, 'sites_list', 'unitNotFound')) return null;
      setError(failure);
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { check, pending, error, reset: () => setError(null) };
}
