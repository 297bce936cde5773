import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { MAX_PERMISSIONS } from '../../api/registry/sites';
import { ApiErrorAlert } from '../ui/api-error-alert';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';
import { commonMessages } from '../../i18n/common-messages';
import { useZodForm } from '../../lib/use-zod-form';
import { sitesMessages, type SitesMessages } from './site-messages';

/** A whole number the service stores (docs/partner-api.md#site_setoption permissions: a bitmask; its bits are not documented). */
function permissionsSchema(t: SitesMessages) {
  return z.object({
    value: z.string().check(
      z.trim(),
      z.regex(/^[0-9]{1,10}$/, t.permissionsInvalid),
      z.refine((v) => Number(v) <= MAX_PERMISSIONS, t.permissionsInvalid),
    ),
  });
}

interface PermissionsDialogProps {
  domain: string;
  value: number;
  onOpenChange: (open: boolean) => void;
  onSave: (value: number) => Promise<unknown>;
}

/** Sets a site's permissions as a number, validated; no bit is named (docs/architecture.md#what-the-api-does-not-give). */
export function PermissionsDialog({ domain, value, onOpenChange, onSave }: PermissionsDialogProps) {
  const t = useStore(sitesMessages);
  const common = useStore(commonMessages);
  const schema = useMemo(() => permissionsSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { value: String(value) } });
  const [failure, setFailure] = useState<unknown>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(Number(values.value));
      onOpenChange(false);
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={t.permissionsTitle({ domain })} description={t.permissionsHint} width="sm">
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <Field label={t.permissionsLabel} error={form.formState.errors.value?.message}>
            {(control) => <Input inputMode="numeric" autoComplete="off" {...control} {...form.register('value')} />}
          </Field>
          {failure ? <ApiErrorAlert error={failure} /> : null}
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {common.cancel}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? <Spinner /> : null}
              {t.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
