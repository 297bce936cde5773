import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { createApiClient } from '../../api/client';
import { describeError } from '../../api/error-catalogue';
import { ApiErrorAlert } from '../../components/ui/api-error-alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useZodForm } from '../../lib/use-zod-form';
import { apiKeyFormSchema, type ApiKeyFormValues } from './form-schemas';
import { sessionSchema, type Session } from './session';

/**
 * A key typed in by hand is checked with `api_keyinfo` (spec §4.6) before it
 * is kept; the e-mail comes from `api_userinfo` when the key has a user.
 */
async function checkKey(values: ApiKeyFormValues): Promise<Session> {
  const credentials = values.macKey ? { apiKey: values.apiKey, macKey: values.macKey } : { apiKey: values.apiKey };
  const probe = createApiClient({ getCredentials: () => credentials });
  const info = await probe.apiKeyInfo();
  let email: string | undefined;
  try {
    email = (await probe.apiUserInfo())?.email;
  } catch {
    // The key works; its user is optional (api_userinfo may answer null).
  }
  return sessionSchema.parse({
    v: 1,
    ...credentials,
    expires: typeof info.expires === 'number' && info.expires >= 0 ? info.expires : 0,
    email,
    kind: 'key',
  });
}

/** Sign in with an API key and optional mac key (spec §5). */
export function ApiKeyForm({ onSignedIn }: { onSignedIn: (session: Session, remember: boolean) => void }) {
  const form = useZodForm(apiKeyFormSchema, { defaultValues: { apiKey: '', macKey: '', remember: false } });
  const alertRef = useRef<HTMLDivElement>(null);
  const check = useMutation({
    mutationFn: async (values: ApiKeyFormValues) => ({ session: await checkKey(values), remember: values.remember }),
    onSuccess: ({ session, remember }) => onSignedIn(session, remember),
    onError: (error) => {
      if (describeError(error).sessionEnded) {
        form.setError('apiKey', { message: 'The service did not accept this key.' }, { shouldFocus: true });
      }
    },
  });
  const refused = check.error !== null && describeError(check.error).sessionEnded;
  useEffect(() => {
    if (check.error && !refused) alertRef.current?.focus();
  }, [check.error, refused]);

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => check.mutate(values))} className="space-y-4">
      <Field label="API key" error={form.formState.errors.apiKey?.message}>
        {(control) => (
          <Input {...control} {...form.register('apiKey')} type="password" autoComplete="off" spellCheck={false} />
        )}
      </Field>
      <Field
        label="Mac key (optional)"
        hint="The key that signs each request. Leave it empty for a key without signature."
        error={form.formState.errors.macKey?.message}
      >
        {(control) => (
          <Input {...control} {...form.register('macKey')} type="password" autoComplete="off" spellCheck={false} />
        )}
      </Field>
      <Checkbox {...form.register('remember')} label="Remember this device" />
      {check.error ? (
        <ApiErrorAlert
          ref={alertRef}
          error={check.error}
          {...(refused
            ? {
                title: 'The key was not accepted',
                message:
                  'The service refused this key: it is unknown or expired, the mac key does not match, or it may not be used from this network.',
                next: 'Check both keys, or sign in with your e-mail instead.',
              }
            : {})}
        />
      ) : null}
      <Button type="submit" variant="secondary" className="w-full" disabled={check.isPending}>
        {check.isPending ? (
          <>
            <Spinner /> Checking the key…
          </>
        ) : (
          'Sign in with this key'
        )}
      </Button>
    </form>
  );
}
