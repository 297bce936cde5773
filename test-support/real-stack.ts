/**
 * The real proxy in front of the real sandbox, over HTTP on a free loopback
 * port, as `npm start` runs them: for tests of the SPA's data layer (query
 * options, hooks, mutations) with nothing of ours mocked. Only tests import it.
 */
import { createHmac } from 'node:crypto';
import { serverConfigFromEnv } from '../server/config';
import { serveApp } from '../server/proxy/test-support';
import { createSandbox } from '../server/sandbox/app';
import { testSandboxConfig } from '../server/sandbox/config';
import { createServerApp } from '../server/server-app';
import { createApiClient, type ApiClientOptions } from '../src/api/client';
import type { Credentials } from '../src/api/credentials';
import { createWorkspaceClient } from '../src/api/workspace';
import { pairWorkspace } from '../src/data/workspace-client';

export interface RealStack {
  /** http://127.0.0.1:<port>: the client's baseUrl. */
  origin: string;
  /** Signs a new account up and in by one-time password, the code read from the sandbox outbox (docs/partner-api.md#authorization-methods). */
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
  return stackAt(served.origin, served.origin, async () => {
    await served.close();
    await server.close();
  });
}

export interface RemoteStack extends RealStack {
  /** The stand-in service's address: PARTNER_API_URL, the spec's {base_url}. */
  serviceUrl: string;
  /**
   * Another copy of the server in front of the same service, as behind a load
   * balancer: `settings` over the stack's (its DATABASE_URL, say). Its close
   * ends that copy only; the stack's close ends every copy and the service.
   */
  addCopy(settings?: Record<string, string>): Promise<RealStack>;
  /** Stops the stack's own copy of the server (at `origin`), the service and other copies staying up: a restart's first half. */
  stopServer(): Promise<void>;
  /** How many calls of an API method have reached the service. */
  reached(method: string): number;
  /**
   * A call straight to the service with the session's key, as another tool would: the dashboard
   * never sees it. `target` as signed (`/api/site_delete/a.example/`); a body makes it a POST.
   * Answers the envelope's error code.
   */
  direct(credentials: Credentials, target: string, body?: unknown): Promise<number>;
}

/**
 * The real proxy as `npm start` runs it with PARTNER_API_URL, in front of a
 * stand-in for the real partner service over HTTP: the sandbox (an empty
 * one in memory, the control surface on), with the one difference from it
 * that the real service has and tests need: api_test echoes the Cookie
 * header as it arrived (docs/partner-api.md#api_test HEADERS), the key and the signature
 * included, where the sandbox hides them (server/sandbox/methods/api-test.ts).
 * `settings`: server settings over PARTNER_API_URL and PARTNER_APP_KEY (the
 * workspace in memory unless DATABASE_URL or WORKSPACE_DB is given).
 */
export async function startRemoteStack(settings: Record<string, string> = {}): Promise<RemoteStack> {
  const appKey = 'stand-in-application-key';
  const sandbox = createSandbox(testSandboxConfig({ appKey }));
  const calls = new Map<string, number>();
  const service = await serveApp({
    fetch: async (req: Request) => {
      const method = /^\/api\/([^/?]+)/.exec(new URL(req.url).pathname)?.[1] ?? '';
      calls.set(method, (calls.get(method) ?? 0) + 1);
      return echoCookieAsReceived(req.headers.get('cookie'), req.url, await sandbox.app.fetch(req));
    },
  });
  const copies = new Set<RealStack>();
  const addCopy = async (more: Record<string, string> = {}): Promise<RealStack> => {
    const env: Record<string, string> = {
      PARTNER_API_URL: service.origin,
      PARTNER_APP_KEY: appKey,
      ...settings,
      ...more,
    };
    const stored = env.DATABASE_URL !== undefined || env.WORKSPACE_DB !== undefined;
    const config = serverConfigFromEnv(stored ? env : { ...env, WORKSPACE_DB: ':memory:' });
    const server = await createServerApp(config, { log: () => undefined });
    const served = await serveApp(server.app);
    const copy = stackAt(served.origin, service.origin, async () => {
      if (!copies.delete(copy)) return;
      await served.close();
      await server.close();
    });
    copies.add(copy);
    return copy;
  };
  const first = await addCopy();
  return {
    ...first,
    serviceUrl: service.origin,
    addCopy,
    stopServer: () => first.close(),
    reached: (method) => calls.get(method) ?? 0,
    async direct(credentials, target, body) {
      const mac = createHmac('md5', credentials.macKey ?? '')
        .update(target)
        .digest('hex');
      const res = await fetch(service.origin + target, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          cookie: `apikey=${credentials.apiKey}; apimac=${mac}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return ((await res.json()) as { error: number }).error;
    },
    async close() {
      for (const copy of [...copies]) await copy.close();
      await service.close();
      sandbox.close();
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An api_test answer (the envelope, or the raw result text) with HEADERS.Cookie as the request had it. */
async function echoCookieAsReceived(cookie: string | null, url: string, answer: Response): Promise<Response> {
  if (!new URL(url).pathname.startsWith('/api/api_test/')) return answer;
  const text = await answer.text();
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: answer.status, headers });
  }
  const echo = isRecord(body) && 'result' in body ? body.result : body;
  if (isRecord(echo) && isRecord(echo.HEADERS) && cookie !== null) {
    delete echo.HEADERS.cookie;
    // As PHP's getallheaders() names it.
    echo.HEADERS.Cookie = cookie;
  }
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}

/** A stack's helpers: the dashboard (proxy) at `origin`, the sandbox's own pages (outbox, control) at `sandboxOrigin`. */
function stackAt(origin: string, sandboxOrigin: string, close: () => Promise<void>): RealStack {
  // Each API client goes with a workspace client on the same session (src/data/workspace-client.ts).
  const client = (credentials: Credentials | null, fetch?: ApiClientOptions['fetch']) => {
    const options = { baseUrl: origin, getCredentials: () => credentials, ...(fetch ? { fetch } : {}) };
    return pairWorkspace(createApiClient(options), createWorkspaceClient(options));
  };

  return {
    origin,
    async signIn(email) {
      // No key: the proxy lends the application key to signup and signin.
      const anonymous = client(null);
      await anonymous.signup(email);
      const res = await fetch(`${sandboxOrigin}/sandbox/outbox?to=${encodeURIComponent(email)}`);
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
      const res = await fetch(`${sandboxOrigin}/sandbox/control/${action}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${action}: HTTP ${res.status} ${await res.text()}`);
    },
    close,
  };
}

/** A fetch that notes the URL of every call (`asked`, in order; empty it to count from a point on). */
export function recordingFetch(): { fetch: typeof fetch; asked: string[] } {
  const asked: string[] = [];
  return {
    fetch: (input, init) => {
      asked.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    },
    asked,
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
