/**
 * "Try the demo" on the login page: shown only where /sandbox/health names a
 * demo account (never against the real service), one click signs in, and a
 * limit's 429 reads as the login's rate-limit wait. The browser's fetch is
 * stood in for: jsdom has no server at the page's origin (the client itself
 * is tested against the real sandbox in demo-session.test.ts).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import type { Session } from '../../lib/session';
import { TryDemo } from './try-demo';

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });

function serve(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const answer = routes[String(input)];
      return answer ? answer() : new Response('Not found', { status: 404 });
    }),
  );
}

function renderTryDemo(onSignedIn: (session: Session, remember: boolean) => void = () => undefined) {
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <TryDemo onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Try the demo', () => {
  it('signs in to the demo account in one click, not remembered', async () => {
    serve({
      '/sandbox/health': () => json({ ok: true, demoEmail: 'demo@partner.example' }),
      '/sandbox/demo-session': () =>
        json({ email: 'demo@partner.example', key: 'demo-key', hmac: 'demo-mac', expires: 1_900_000_000 }),
    });
    const onSignedIn = vi.fn();
    renderTryDemo(onSignedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Try the demo' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(onSignedIn).toHaveBeenCalledWith(
      {
        v: 1,
        apiKey: 'demo-key',
        macKey: 'demo-mac',
        expires: 1_900_000_000,
        email: 'demo@partner.example',
        kind: 'signin',
      },
      false,
    );
  });

  it('waits out a limit, saying until when, and does not offer to try before', async () => {
    serve({
      '/sandbox/health': () => json({ ok: true, demoEmail: 'demo@partner.example' }),
      '/sandbox/demo-session': () =>
        json(
          { error: 'Signing in to the demo account failed', code: 500 },
          { status: 429, headers: { 'Retry-After': '840' } },
        ),
    });
    renderTryDemo();
    await userEvent.click(await screen.findByRole('button', { name: 'Try the demo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts');
    expect(alert).toHaveTextContent('Wait 14 minutes, then try again.');
    expect(alert).toHaveTextContent(/You can try again at \d{1,2}:\d{2}:\d{2}/);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Try the demo' })).toBeDisabled();
  });

  it.each([
    ['without a demo account', { '/sandbox/health': () => json({ ok: true, demoEmail: null }) }],
    // The real service has no /sandbox/: the proxy answers 404 there.
    ['against the real service', {}],
  ])('is not there %s', async (_case, routes: Record<string, () => Response>) => {
    serve(routes);
    renderTryDemo();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    // Past the answer, not only before it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Try the demo' })).toBeNull();
  });
});
