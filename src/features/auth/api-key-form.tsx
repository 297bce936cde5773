import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { classifyError, endsSession } from '../../api/error-catalogue';
import { ApiErrorAlert } from '../../components/ui/api-error-alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { isEmbedded } from '../../lib/embed-mode';
import { useZodForm } from '../../lib/use-zod-form';
import { apiKeyFormSchema, type ApiKeyFormValues } from './api-key-schema';
import { checkKey, KeyWithoutUserError } from './check-key';
import { authMessages, type AuthMessages } from './messages';
import type { Session } from '../../lib/session';

/** Failures about the key itself: said once, on the API key field. Anything else goes in the alert. */
function keyFieldMessage(error: unknown, t: AuthMessages): string | null {
  if (error instanceof KeyWithoutUserError) return t.keyWithoutUser;
  if (endsSession(classifyError(error))) return t.keyRefused;
  return null;
}

/** Sign in with an API key and optional mac key (docs/partner-api.md#authentication). */
export function ApiKeyForm({ onSignedIn }: { onSignedIn: (session: Session, remember: boolean) => void }) {
  const t = useStore(authMessages);
  const schema = useMemo(() => apiKeyFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { apiKey: '', macKey: '', remember: false } });
  const alertRef = useRef<HTMLDivElement>(null);
  const check = useMutation({
    mutationFn: async (values: ApiKeyFormValues) => ({
      session: await checkKey({ apiKey: values.apiKey, macKey: values.macKey }),
      remember: values.remember,
    }),
    onSuccess: ({ session, remember }) => onSignedIn(session, remember),
    onError: (error) => {
      const message = keyFieldMessage(error, t);
      if (message) form.setError('apiKey', { message }, { shouldFocus: true });
    },
  });
  const onField = check.error !== null && keyFieldMessage(check.error, t) !== null;
  useEffect(() => {
    if (check.error && !onField) alertRef.current?.focus();
  }, [check.error, onField]);

  // An answer is about what was sent: editing or sending again makes it old news.
  const clearServerError = () => {
    if (!check.error) return;
    if (onField) form.clearErrors('apiKey');
    check.reset();
  };
  const submit = form.handleSubmit((values) => check.mutate(values));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        clearServerError();
        void submit(e);
      }}
      className="space-y-4"
    >
      <Field label={t.apiKeyLabel} error={form.formState.errors.apiKey?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('apiKey', { onChange: clearServerError })}
            type="password"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <Field label={t.macKeyLabel} hint={t.macKeyHint} error={form.formState.errors.macKey?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('macKey', { onChange: clearServerError })}
            type="password"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      {/* In a panel's frame the keys stay in the frame's session (docs/embedding.md). */}
      {isEmbedded() ? null : <Checkbox {...form.register('remember')} label={t.rememberDevice} />}
      {check.error && !onField ? <ApiErrorAlert ref={alertRef} error={check.error} /> : null}
      <Button type="submit" variant="secondary" className="w-full" disabled={check.isPending}>
        {check.isPending ? (
          <>
            <Spinner /> {t.checkingKey}
          </>
        ) : (
          t.signInWithKey
        )}
      </Button>
    </form>
  );
}
