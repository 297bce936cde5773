import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { ApiClient } from '../../api/client';
import { isMethodError } from '../../api/error-catalogue';
import { ApiError } from '../../api/errors';
import type { Otp } from '../../api/schemas';
import { ApiErrorAlert } from '../../components/ui/api-error-alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../i18n/error-text';
import { useRetryWait } from '../../lib/use-retry-wait';
import { useLazyFieldForm } from '../../lib/use-lazy-field-form';
import { DemoHint } from './demo-hint';
import { authMessages } from './messages';
import type { emailFormSchema } from './form-schemas';

/** signup failures about the address typed (docs/partner-api.md#system-errors 503, docs/partner-api.md#method-errors): shown on the field. */
function isAboutTheAddress(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.code === 503) ||
    isMethodError(error, 'signup', 'otpNotSent') ||
    isMethodError(error, 'signup', 'registrationNotAllowed')
  );
}

interface EmailFormProps {
  /** A client without keys: the proxy attaches the application key. */
  anonymous: ApiClient;
  defaultEmail: string;
  onCodeSent: (email: string, otp: Otp, receivedAt: number) => void;
  /** The user is at the form (focus in it, the pointer over it): what its next step needs may load. */
  onEngaged?: () => void;
}

/** Step 1: the e-mail address, checked, then `signup` sends a code (docs/partner-api.md#signup). */
export function EmailForm({ anonymous, defaultEmail, onCodeSent, onEngaged }: EmailFormProps) {
  const t = useStore(authMessages);
  // The check (and zod) loads with the first submit: the page shows without them.
  const loadSchema = useMemo(() => {
    let schema: Promise<ReturnType<typeof emailFormSchema>> | undefined;
    return () => (schema ??= import('./form-schemas').then((m) => m.emailFormSchema(t)));
  }, [t]);
  const form = useLazyFieldForm('email', loadSchema, defaultEmail);
  const alertRef = useRef<HTMLDivElement>(null);
  const signup = useMutation({
    mutationFn: (email: string) => anonymous.signup(email),
    onSuccess: (result, email) => onCodeSent(email, result.otp, Date.now()),
    onError: (failure) => {
      // Shown once, on the field (not again in an alert): what is wrong and what to do.
      if (isAboutTheAddress(failure)) {
        form.setError(t.emailRefused(errorText(failure)));
      }
    },
  });
  const error = signup.error;
  const fieldError = isAboutTheAddress(error);
  // A rate limit's refusal: sending again is pointless until the wait is over.
  const waiting = useRetryWait(error) > 0;
  // Any other failure: focus the message, so it is read and the user can act on it.
  useEffect(() => {
    if (error && !fieldError) alertRef.current?.focus();
  }, [error, fieldError]);

  // A server's answer is about what was sent: editing or sending again makes it old news.
  const clearServerError = () => {
    if (signup.error && !waiting) signup.reset();
  };
  const submit = form.handleSubmit((email) => signup.mutate(email));
  // At the form: its check loads now, so the first submit does not wait for it.
  const engaged = () => {
    onEngaged?.();
    void loadSchema();
  };

  return (
    <form
      noValidate
      onFocus={engaged}
      onPointerEnter={engaged}
      onSubmit={(e) => {
        clearServerError();
        void submit(e);
      }}
      className="space-y-4"
    >
      <DemoHint
        onUse={(demo) => {
          clearServerError();
          form.setValue(demo);
          form.focus();
        }}
      />
      <Field label={t.emailLabel} hint={t.emailHint} error={form.error}>
        {(control) => (
          <Input
            {...control}
            {...form.field}
            onChange={(event) => {
              form.field.onChange(event);
              clearServerError();
            }}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
            placeholder={t.emailPlaceholder}
          />
        )}
      </Field>
      {error && !fieldError ? <ApiErrorAlert ref={alertRef} error={error} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={signup.isPending || waiting}>
        {signup.isPending ? (
          <>
            <Spinner /> {t.sendingCode}
          </>
        ) : (
          t.sendCode
        )}
      </Button>
    </form>
  );
}
