/**
 * The real proxy in front of the real sandbox, over HTTP on a free loopback
 * port, as `npm start` runs them: for tests of the SPA's data layer (query
 * options, hooks, mutations) with nothing of ours mocked. Only tests import it.
 */
import { serverConfigFromEnv } from '../server/config';
import { serveApp } from '../server/proxy/test-support';
import { createServerApp } from '../server/server-app';
import { createApiClient, type ApiClientOptions } from '../src/api/client';
import type { Credentials } from '../src/api/credentials';

export interface RealStack {
  /** http://127.0.0.1:<port>: the client's baseUrl. */
  origin: string;
  /** Signs a new account up and in by one-time password, the code read from the sandbox outbox (spec §4.1). */
  signIn(email: string): Promise<Credentials>;
  /** The signing client of a session, against this stack; `fetch` may wrap the real one (to hold a call). */
  client(credentials: Credentials, fetch?: typeof globalThis.fetch): ReturnType<typeof createApiClient>;
  /** The sandbox's test control surface (docs/sandbox.md), e.g. `control('fail-next', { method })`. */
  control(action: string, body: unknown): Promise<void>;
  close(): Promise<void>;
}

/** `settings`: server settings over these defaults (an empty sandbox in memory, the control surface on). */
export async function startRealStack(settings: Record<string, string> = {}): Promise<RealStack> {
  const config = serverConfigFromEnv({
    SANDBOX_DB: ':memory:',
    SANDBOX_SEED: 'empty',
    SANDBOX_CONTROL: '1',
    SANDBOX_QUIET: '1',
    ...settings,
  });
  const server = await createServerApp(config, { log: () => undefined });
  const served = await serveApp(server.app);
  const origin = served.origin;
  const client = (credentials: Credentials | null, fetch?: ApiClientOptions['fetch']) =>
    createApiClient({ baseUrl: origin, getCredentials: () => credentials, ...(fetch ? { fetch } : {}) });

  return {
    origin,
    async signIn(email) {
      // No key: the proxy lends the application key to signup and signin.
      const anonymous = client(null);
      await anonymous.signup(email);
      const res = await fetch(`${origin}/sandbox/outbox?to=${encodeURIComponent(email)}`);
      const mails: unknown = await res.json();
      const otp = Array.isArray(mails)
        ? mails.map((m: unknown) => (typeof m === 'object' && m && 'otp' in m ? m.otp : undefined)).find(Boolean)
        : undefined;
      if (typeof otp !== 'string') throw new Error(`no one-time password for ${email} in the outbox`);
      const signed = await anonymous.signin(email, otp);
      return { apiKey: signed.privatekey.key, macKey: signed.privatekey.hmac };
    },
    client: (credentials, fetch) => client(credentials, fetch),
    async control(action, body) {
      const res = await fetch(`${origin}/sandbox/control/${action}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${action}: HTTP ${res.status} ${await res.text()}`);
    },
    async close() {
      await served.close();
      server.close();
    },
  };
}

/** A fetch that holds every call whose URL matches until released: to see a mutation's state before the answer. */
export function holdingFetch(initial: RegExp) {
  let pattern = initial;
  const held: (() => void)[] = [];
  const calls: string[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push(new URL(url).pathname);
    if (pattern.test(url)) await new Promise<void>((resolve) => held.push(resolve));
    return fetch(input, init);
  };
  return {
    fetch: wrapped,
    /** Holds the calls matching this from now on. */
    hold: (next: RegExp) => {
      pattern = next;
    },
    /** Paths of every call made, in order. */
    calls,
    /** How many calls are held now. */
    held: () => held.length,
    /** Lets the oldest held call go on. */
    releaseOne: () => held.shift()?.(),
  };
}
