import { lazy, Suspense, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Otp } from '../../api/schemas';
import { EmailForm } from './email-form';
import type { Session } from '../../lib/session';

/**
 * The code step's form (and the sandbox's outbox under it, and zod for its checks) loads while
 * the e-mail is typed, from the first focus in the e-mail form or the pointer over it: /login's
 * first load carries only the e-mail step (lint/login-budget.test.ts), and a visit that signs in
 * otherwise (the demo, a key) does without it.
 */
const loadOtpForm = () => import('./otp-form');
const OtpForm = lazy(() => loadOtpForm().then((m) => ({ default: m.OtpForm })));

type Step = { step: 'email' } | { step: 'code'; otp: Otp; deadline: number };

/**
 * Login by e-mail one-time password (docs/partner-api.md#authorization-methods): e-mail → signup → code →
 * signin. The e-mail typed is kept when the user goes back to change it.
 */
export function LoginForm({
  anonymous,
  onSignedIn,
}: {
  anonymous: ApiClient;
  onSignedIn: (session: Session, remember: boolean) => void;
}) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<Step>({ step: 'email' });

  // Counted from when the answer arrived, with expires_in (docs/partner-api.md#one-time-password), so a
  // browser clock that differs from the service's does not skew the countdown
  // to otp.expires_at.
  const codeStep = (otp: Otp, receivedAt: number): Step => ({
    step: 'code',
    otp,
    deadline: receivedAt + otp.expires_in * 1000,
  });

  if (state.step === 'email') {
    return (
      <EmailForm
        anonymous={anonymous}
        defaultEmail={email}
        onEngaged={() => void loadOtpForm()}
        onCodeSent={(sentTo, otp, receivedAt) => {
          setEmail(sentTo);
          setState(codeStep(otp, receivedAt));
        }}
      />
    );
  }
  return (
    <Suspense fallback={null}>
      <OtpForm
        anonymous={anonymous}
        email={email}
        otp={state.otp}
        deadline={state.deadline}
        onResent={(otp, receivedAt) => setState(codeStep(otp, receivedAt))}
        onChangeEmail={() => setState({ step: 'email' })}
        onSignedIn={onSignedIn}
      />
    </Suspense>
  );
}
