import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ApiClient } from '../../api/client';
import { describeError } from '../../api/error-catalogue';
import { ApiError } from '../../api/errors';
import type { Otp } from '../../api/schemas';
import { ApiErrorAlert } from '../../components/ui/api-error-alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useZodForm } from '../../lib/use-zod-form';
import { DemoHint } from './demo-hint';
import { emailFormSchema } from './form-schemas';

/** signup codes that are about the address typed (spec §7.2, §7.3): shown on the field. */
const EMAIL_FIELD_CODES = new Set([503, 111900, 111901]);

interface EmailFormProps {
  /** A client without keys: the proxy attaches the application key (issue 3). */
  anonymous: ApiClient;
  defaultEmail: string;
  onCodeSent: (email: string, otp: Otp, receivedAt: number) => void;
}

/** Step 1: the e-mail address, checked, then `signup` sends a code (spec §4.1). */
export function EmailForm({ anonymous, defaultEmail, onCodeSent }: EmailFormProps) {
  const form = useZodForm(emailFormSchema, { defaultValues: { email: defaultEmail } });
  const alertRef = useRef<HTMLDivElement>(null);
  const signup = useMutation({
    mutationFn: (email: string) => anonymous.signup(email),
    onSuccess: (result, email) => onCodeSent(email, result.otp, Date.now()),
    onError: (error) => {
      if (error instanceof ApiError && EMAIL_FIELD_CODES.has(error.code)) {
        // Shown once, on the field (not again in an alert): what is wrong and what to do.
        const d = describeError(error);
        form.setError('email', { message: `${d.title}. ${d.next}` }, { shouldFocus: true });
      }
    },
  });
  const error = signup.error;
  const fieldError = error instanceof ApiError && EMAIL_FIELD_CODES.has(error.code);
  // Any other failure: focus the message, so it is read and the user can act on it.
  useEffect(() => {
    if (error && !fieldError) alertRef.current?.focus();
  }, [error, fieldError]);

  // A server's answer is about what was sent: editing or sending again makes it old news.
  const clearServerError = () => {
    if (signup.error) signup.reset();
  };
  const submit = form.handleSubmit((values) => signup.mutate(values.email));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        clearServerError();
        void submit(e);
      }}
      className="space-y-4"
    >
      <DemoHint
        onUse={(demo) => {
          clearServerError();
          form.setValue('email', demo, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
          form.setFocus('email');
        }}
      />
      <Field
        label="E-mail address"
        hint="We will e-mail you a one-time code."
        error={form.formState.errors.email?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('email', { onChange: clearServerError })}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
            placeholder="name@example.com"
          />
        )}
      </Field>
      {error && !fieldError ? <ApiErrorAlert ref={alertRef} error={error} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={signup.isPending}>
        {signup.isPending ? (
          <>
            <Spinner /> Sending the code…
          </>
        ) : (
          'Send me a code'
        )}
      </Button>
    </form>
  );
}
