import { useStore } from '@nanostores/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Otp, SigninResult } from '../../api/schemas';
import { ApiErrorAlert } from '../../components/ui/api-error-alert';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { Rich } from '../../i18n/rich';
import { formatCountdown } from '../../lib/format-time';
import { useCountdown } from '../../lib/use-countdown';
import { useRetryWait } from '../../lib/use-retry-wait';
import { isEmbedded } from '../../lib/embed-mode';
import { useZodForm } from '../../lib/use-zod-form';
import { describeCodeFailure } from './code-failure';
import { codeFormSchema } from './form-schemas';
import { authMessages } from './messages';
import { outboxQuery, SandboxOutbox } from './sandbox-outbox';
import { sessionSchema, type Session } from '../../lib/session-schema';

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

/** The keys of a signin result as a session (docs/partner-api.md#signin, docs/partner-api.md#keys). */
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
 * its expiry, resend, and `signin` (docs/partner-api.md#signin). What the user typed stays.
 */
export function OtpForm({ anonymous, email, otp, deadline, onResent, onChangeEmail, onSignedIn }: OtpFormProps) {
  const t = useStore(authMessages);
  const queryClient = useQueryClient();
  const schema = useMemo(() => codeFormSchema(otp.length, t), [otp.length, t]);
  const form = useZodForm(schema, { defaultValues: { code: '', remember: false } });
  const { setFocus, setError, setValue, clearErrors } = form;
  // The service said the code can no longer work (too many wrong tries, expired):
  // the countdown stops and only a new code helps. Until a new code is sent.
  const [spent, setSpent] = useState(false);
  const remaining = useCountdown(spent ? null : deadline);
  const expired = !spent && remaining <= 0;
  const usedUp = spent || expired;
  const alertRef = useRef<HTMLDivElement>(null);
  const [resentAt, setResentAt] = useState<number | null>(null);

  const signin = useMutation({
    mutationFn: async ({ code, remember }: { code: string; remember: boolean }) => ({
      session: sessionFromSignin(await anonymous.signin(email, code), email),
      remember,
    }),
    onSuccess: ({ session, remember }) => onSignedIn(session, remember),
    onError: (error) => {
      const failure = describeCodeFailure(error, Date.now() >= deadline, t);
      if (!failure) return;
      if (failure.spent) setSpent(true);
      setError('code', { message: failure.message }, { shouldFocus: true });
    },
  });
  const resend = useMutation({
    mutationFn: () => anonymous.signup(email),
    onSuccess: (result) => {
      signin.reset();
      clearErrors();
      setSpent(false);
      setResentAt(Date.now());
      onResent(result.otp, Date.now());
      setFocus('code', { shouldSelect: true });
      // On the sandbox, show the new mail now rather than at the next poll.
      const outboxKey = outboxQuery(email).queryKey;
      if (queryClient.getQueryData(outboxKey)) void queryClient.invalidateQueries({ queryKey: outboxKey });
    },
  });

  // The code field takes focus as soon as the code is on its way.
  useEffect(() => setFocus('code'), [setFocus]);

  const error = signin.error ?? resend.error;
  // A failure about the code is said once, on the field; any other in the alert
  // (a rate limit's refusal among them: a wait, never a wrong code).
  const onField = describeCodeFailure(signin.error, false, t) !== null;
  // Sending is pointless until a rate limit's wait is over.
  const waiting = useRetryWait(error) > 0;
  useEffect(() => {
    if (error && !onField) alertRef.current?.focus();
  }, [error, onField]);

  // An answer is about what was sent: editing or sending again makes it old news.
  const clearServerErrors = () => {
    if (waiting) return;
    if (signin.error) signin.reset();
    if (resend.error) resend.reset();
  };
  const submit = form.handleSubmit((values) => signin.mutate(values));

  return (
    <div>
      <p className="text-sm text-foreground">
        <Rich
          text={t.codeSent}
          values={{ length: otp.length, email: <span className="font-medium wrap-anywhere">{email}</span> }}
        />{' '}
        <Button variant="link" size="inline" onClick={onChangeEmail}>
          {t.useAnotherEmail}
        </Button>
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          clearServerErrors();
          void submit(e);
        }}
        className="mt-4 space-y-4"
      >
        <Field
          label={t.codeLabel}
          hint={
            spent
              ? t.codeHintSpent
              : expired
                ? t.codeHintExpired
                : t.codeHintExpires({ time: formatCountdown(remaining) })
          }
          error={form.formState.errors.code?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('code', { onChange: clearServerErrors })}
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
        {/* In a panel's frame the keys stay in the frame's session (docs/embedding.md). */}
        {isEmbedded() ? null : (
          <Checkbox {...form.register('remember')} label={t.rememberDevice} hint={t.rememberHint} />
        )}
        {resentAt && !error ? <Alert tone="success">{t.newCodeSent({ email })}</Alert> : null}
        {error && !onField ? <ApiErrorAlert ref={alertRef} error={error} /> : null}
        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <Button
            type="submit"
            size="lg"
            variant={usedUp ? 'secondary' : 'primary'}
            disabled={signin.isPending || waiting}
          >
            {signin.isPending ? (
              <>
                <Spinner /> {t.signingIn}
              </>
            ) : (
              t.signIn
            )}
          </Button>
          <Button
            variant={usedUp ? 'primary' : 'secondary'}
            size="lg"
            // The way on comes first: on top when stacked, at the right when in a row.
            className={usedUp ? 'order-first' : undefined}
            disabled={resend.isPending || waiting}
            onClick={() => {
              clearServerErrors();
              resend.mutate();
            }}
          >
            {resend.isPending ? (
              <>
                <Spinner /> {t.sending}
              </>
            ) : (
              t.sendNewCode
            )}
          </Button>
        </div>
      </form>
      <SandboxOutbox
        email={email}
        // The sandbox stamps the code and its mail with one clock (docs/partner-api.md#one-time-password: expires_at − expires_in).
        issuedAt={otp.expires_at - otp.expires_in}
        usedUp={usedUp}
        onUseCode={(code) => {
          clearServerErrors();
          setValue('code', code, { shouldValidate: true });
          setFocus('code');
        }}
      />
    </div>
  );
}
