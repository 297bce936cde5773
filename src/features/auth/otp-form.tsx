import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { Otp, SigninResult } from '../../api/schemas';
import { ApiErrorAlert } from '../../components/ui/api-error-alert';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatCountdown } from '../../lib/format-time';
import { useZodForm } from '../../lib/use-zod-form';
import { codeFormSchema } from './form-schemas';
import { SandboxOutbox } from './sandbox-outbox';
import { sessionSchema, type Session } from './session';
import { useCountdown } from './use-countdown';

/** Spec §7.3: signin's "the e-mail or password is unknown", also what an expired code gets. */
const WRONG_CODE = 112900;

interface OtpFormProps {
  anonymous: ApiClient;
  email: string;
  otp: Otp;
  /** Epoch ms when the code stops working. */
  deadline: number;
  onResent: (otp: Otp, receivedAt: number) => void;
  onChangeEmail: () => void;
  onSignedIn: (session: Session, remember: boolean) => void;
}

/** The keys of a signin result as a session (spec §4.1, §5.7). */
function sessionFromSignin(result: SigninResult, email: string): Session {
  return sessionSchema.parse({
    v: 1,
    apiKey: result.privatekey.key,
    macKey: result.privatekey.hmac || undefined,
    expires: result.keydata.expires,
    email: result.user.email || email,
    kind: 'signin',
  });
}

/**
 * Step 2: the one-time code, sized by `otp.length`, with a live countdown to
 * its expiry, resend, and `signin` (spec §4.1). What the user typed stays.
 */
export function OtpForm({ anonymous, email, otp, deadline, onResent, onChangeEmail, onSignedIn }: OtpFormProps) {
  const form = useZodForm(codeFormSchema(otp.length), { defaultValues: { code: '', remember: false } });
  const { setFocus, setError, setValue, clearErrors } = form;
  const remaining = useCountdown(deadline);
  const expired = remaining <= 0;
  const alertRef = useRef<HTMLDivElement>(null);
  const [resentAt, setResentAt] = useState<number | null>(null);

  const signin = useMutation({
    mutationFn: async ({ code, remember }: { code: string; remember: boolean }) => ({
      session: sessionFromSignin(await anonymous.signin(email, code), email),
      remember,
    }),
    onSuccess: ({ session, remember }) => onSignedIn(session, remember),
    onError: (error) => {
      if (error instanceof ApiError && error.code === WRONG_CODE) {
        const message =
          Date.now() >= deadline
            ? 'This code has expired. Send a new code.'
            : 'This code is not right. Check the latest e-mail.';
        setError('code', { message }, { shouldFocus: true });
      }
    },
  });
  const resend = useMutation({
    mutationFn: () => anonymous.signup(email),
    onSuccess: (result) => {
      signin.reset();
      clearErrors();
      setResentAt(Date.now());
      onResent(result.otp, Date.now());
      setFocus('code', { shouldSelect: true });
    },
  });

  // The code field takes focus as soon as the code is on its way.
  useEffect(() => setFocus('code'), [setFocus]);

  const error = signin.error ?? resend.error;
  const onField = signin.error instanceof ApiError && signin.error.code === WRONG_CODE;
  useEffect(() => {
    if (error && !onField) alertRef.current?.focus();
  }, [error, onField]);

  const expiredError = onField && expired;

  return (
    <div>
      <p className="text-sm text-foreground">
        We sent a {otp.length}-digit code to <span className="font-medium wrap-anywhere">{email}</span>.{' '}
        <Button variant="link" size="inline" onClick={onChangeEmail}>
          Use another e-mail
        </Button>
      </p>
      <form noValidate onSubmit={form.handleSubmit((values) => signin.mutate(values))} className="mt-4 space-y-4">
        <Field
          label="One-time code"
          hint={
            expired ? 'The code has expired: send a new one.' : `The code expires in ${formatCountdown(remaining)}.`
          }
          error={form.formState.errors.code?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('code')}
              size="lg"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={otp.length + 4}
              // Sized to the code: one character cell per digit, plus padding.
              style={{ width: `calc(${otp.length}ch + ${otp.length * 0.3}em + 2rem)`, maxWidth: '100%' }}
              className="font-mono tracking-[0.3em]"
            />
          )}
        </Field>
        <Checkbox
          {...form.register('remember')}
          label="Remember this device"
          hint="Stay signed in after closing the browser. Leave it off on a shared computer."
        />
        {resentAt && !error ? <Alert tone="success">A new code is on its way to {email}.</Alert> : null}
        {error ? (
          <ApiErrorAlert
            ref={alertRef}
            error={error}
            {...(expiredError
              ? {
                  title: 'The code has expired',
                  message: 'A one-time code works for a limited time, and this one ran out.',
                  next: 'Send a new code, then enter it here.',
                }
              : {})}
          />
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <Button type="submit" size="lg" variant={expired ? 'secondary' : 'primary'} disabled={signin.isPending}>
            {signin.isPending ? (
              <>
                <Spinner /> Signing in…
              </>
            ) : (
              'Sign in'
            )}
          </Button>
          <Button
            variant={expired ? 'primary' : 'secondary'}
            size="lg"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? (
              <>
                <Spinner /> Sending…
              </>
            ) : (
              'Send a new code'
            )}
          </Button>
        </div>
      </form>
      <SandboxOutbox
        email={email}
        onUseCode={(code) => {
          setValue('code', code, { shouldValidate: true });
          setFocus('code');
        }}
      />
    </div>
  );
}
