import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Otp } from '../../api/schemas';
import { EmailForm } from './email-form';
import { OtpForm } from './otp-form';
import type { Session } from '../../lib/session';

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
        onCodeSent={(sentTo, otp, receivedAt) => {
          setEmail(sentTo);
          setState(codeStep(otp, receivedAt));
        }}
      />
    );
  }
  return (
    <OtpForm
      anonymous={anonymous}
      email={email}
      otp={state.otp}
      deadline={state.deadline}
      onResent={(otp, receivedAt) => setState(codeStep(otp, receivedAt))}
      onChangeEmail={() => setState({ step: 'email' })}
      onSignedIn={onSignedIn}
    />
  );
}
