/**
 * A rate limit's refusal of signup or signin (envelope error 500
 * with Retry-After) reads on the login page as a wait with its time, never as
 * a wrong code or an outage, and sending is off until the wait is over. The
 * real client and forms, against a small HTTP server that answers as a
 * limiting proxy does.
 */
// Node-only imports are fine in tests.
import { createServer, type Server } from 'node:http';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { createQueryClient } from '../../lib/query-client';
import { EmailForm } from './email-form';
import { OtpForm } from './otp-form';

const WAIT_SECONDS = 840;
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const method = req.url?.split('/')[2] ?? '';
    res.writeHead(200, { 'Content-Type': 'application/json', 'Retry-After': String(WAIT_SECONDS) });
    res.end(
      JSON.stringify({
        version: 'test',
        keyid: '',
        method,
        timewait: 0,
        error: 500,
        message: 'Service is temporarily unavailable',
        errorinfo: 'Too many attempts for this e-mail address: try again in 14 minutes',
        result: null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function withQueries(children: ReactNode) {
  return <QueryClientProvider client={createQueryClient(() => undefined)}>{children}</QueryClientProvider>;
}
const anonymous = () => createApiClient({ baseUrl, getCredentials: () => null });

async function expectAWait() {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Too many attempts');
  expect(alert).toHaveTextContent('Wait 14 minutes, then try again.');
  expect(alert).toHaveTextContent(/You can try again at \d{1,2}:\d{2}:\d{2}/);
  expect(alert).not.toHaveTextContent(/unavailable|wrong|not right/i);
  expect(alert).toHaveFocus();
}

describe('a rate limit on the login page', () => {
  it('after "Send me a code": a wait with its time, and no sending until then', async () => {
    const user = userEvent.setup();
    render(withQueries(<EmailForm anonymous={anonymous()} defaultEmail="" onCodeSent={() => undefined} />));
    await user.type(screen.getByLabelText('E-mail address'), 'demo@partner.example');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    await expectAWait();
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeDisabled();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'false');
  });

  it('after "Sign in": a wait, not a wrong code; the code typed stays', async () => {
    const user = userEvent.setup();
    const now = Math.floor(Date.now() / 1000);
    render(
      withQueries(
        <OtpForm
          anonymous={anonymous()}
          email="demo@partner.example"
          otp={{ length: 6, expires_in: 600, expires_at: now + 600 }}
          deadline={Date.now() + 600_000}
          onResent={() => undefined}
          onChangeEmail={() => undefined}
          onSignedIn={() => undefined}
        />,
      ),
    );
    const code = screen.getByLabelText('One-time code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await expectAWait();
    expect(code).toHaveAttribute('aria-invalid', 'false');
    expect(code).toHaveValue('123456');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  });
});
