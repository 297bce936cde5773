import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Agency } from '../../../api/schemas';
import { Alert } from '../../../components/ui/alert';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { Spinner } from '../../../components/ui/spinner';
import { useUpdateAgency } from '../../../data/agency';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import {
  AGENCY_FIELD_NAMES,
  agencyFormSchema,
  FIELD_GROUPS,
  GROUP_NAMES,
  serviceProblemText,
  toBody,
  toFormValues,
  type AgencyFormValues,
} from '../form-schema';
import { agencyMessages } from '../messages';
import { serviceProblems } from '../service-errors';
import { AgencyFieldInput } from './agency-field';
import { DeleteAgency } from './delete-agency';

const GROUP_TITLES = { agency: 'agencyGroup', address: 'addressGroup', billing: 'billingGroup' } as const;

/**
 * The agency profile (docs/partner-api.md#agency-record): every field, grouped, checked as the
 * service checks them and more strictly where the form can (form-schema.ts).
 * The first save creates the record, later ones update it (agency_update,
 * docs/partner-api.md#agency_update). A refusal keeps everything typed: problems the service names
 * go to their fields, the rest above the form. Unsaved changes are guarded.
 */
export function AgencyForm({ initial }: { initial: Agency | null }) {
  const t = useStore(agencyMessages);
  // The record as this form last loaded or saved it; an optimistic update or its rollback does not move it.
  const [saved, setSaved] = useState(initial);
  const schema = useMemo(() => agencyFormSchema(t, saved), [t, saved]);
  const form = useZodForm(schema, { defaultValues: toFormValues(initial) });
  const update = useUpdateAgency({ errorDisplay: 'inline' });
  const alertRef = useRef<HTMLDivElement>(null);
  const problems = serviceProblems(update.error);
  const { isDirty } = form.formState;
  const namesFields = problems !== null && AGENCY_FIELD_NAMES.some((field) => problems.fields[field] !== undefined);
  // A failure that names no field: the alert takes the focus, so it is read and acted on.
  useEffect(() => {
    if (update.error && !namesFields) alertRef.current?.focus();
  }, [update.error, namesFields]);

  const submit = form.handleSubmit(async (values: AgencyFormValues) => {
    const creating = saved === null;
    try {
      const result = await update.mutateAsync(toBody(values));
      setSaved(result);
      form.reset(toFormValues(result));
      toast({ tone: 'success', title: creating ? t.created : t.saved });
    } catch (error) {
      // A refusal that names fields: each gets its message, the first the focus. Else the alert above.
      const named = serviceProblems(error)?.fields ?? {};
      const fields = AGENCY_FIELD_NAMES.filter((field) => named[field] !== undefined);
      fields.forEach((field, i) => {
        const message = serviceProblemText(t, field, named[field] ?? 'invalid');
        form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
      });
    }
  });

  return (
    <>
      <form
        noValidate
        onSubmit={(e) => {
          if (update.isPending) e.preventDefault();
          else void submit(e);
        }}
        className="space-y-6"
        aria-busy={update.isPending}
      >
        {update.isError && problems ? (
          <Alert tone="error" ref={alertRef} tabIndex={-1}>
            <p className="font-semibold">{t.serviceRefused}</p>
            <p className="mt-1">{t.serviceRefusedNext}</p>
            {problems.other.map((text) => (
              <p key={text} className="mt-1">
                {text}
              </p>
            ))}
          </Alert>
        ) : update.isError ? (
          <ApiErrorAlert ref={alertRef} error={update.error} title={t.notSaved} />
        ) : null}
        {GROUP_NAMES.map((group) => (
          <Card key={group} className="p-5">
            <fieldset>
              <legend className="text-base font-semibold text-foreground">{t[GROUP_TITLES[group]]}</legend>
              {group === 'billing' ? <p className="mt-1 text-sm text-muted-foreground">{t.billingHint}</p> : null}
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                {FIELD_GROUPS[group].map((field) => (
                  <AgencyFieldInput key={field} field={field} form={form} saved={saved} />
                ))}
              </div>
            </fieldset>
          </Card>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          {/* Not disabled while saving: a disabled button loses the focus to the page. A second press is ignored. */}
          <Button type="submit" aria-disabled={update.isPending || undefined}>
            {update.isPending ? <Spinner /> : null}
            {update.isPending ? t.saving : saved === null ? t.create : t.save}
          </Button>
          {isDirty && saved !== null ? (
            <Button variant="secondary" disabled={update.isPending} onClick={() => form.reset(toFormValues(saved))}>
              {t.discard}
            </Button>
          ) : null}
        </div>
      </form>
      {saved !== null ? (
        <DeleteAgency
          onDeleted={() => {
            setSaved(null);
            form.reset(toFormValues(null));
          }}
        />
      ) : null}
      <LeaveGuard
        when={isDirty}
        title={t.leaveTitle}
        description={t.leaveDescription}
        leaveLabel={t.leave}
        stayLabel={t.stay}
      />
    </>
  );
}
