/**
 * Test-data builders for the sandbox suite (docs/architecture.md#test-data): a fresh sandbox per
 * test, an account signed up and in through the outbox, signed calls, N sites.
 * Everything talks to the real sandbox, in-process (`app.request`) or over real
 * HTTP; nothing is mocked. Only *.test.ts files import this module.
 */
import { createHmac } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { z } from 'zod';
import { createSandbox, type Sandbox } from './app.ts';
import { testSandboxConfig, type SandboxConfig } from './config.ts';
import { inProcess, serveHttp, type Transport } from './testing-http.ts';
import {
  envelopeSchema,
  outboxMailSchema,
  signinResultSchema,
  sitesSchema,
  type Envelope,
  type OutboxMail,
  type Site,
  type SigninResult,
} from './testing-schemas.ts';

// ---- Keys and signed calls (docs/partner-api.md#authentication) ----

/** An API key, with the HMAC key when the calls should be signed. */
export interface Key {
  key: string;
  hmac?: string;
}

/** An account signed in through the OTP flow. */
export interface Account extends Key {
  email: string;
  hmac: string;
  keyId: string;
  signin: SigninResult;
}

/** apimac: lowercase hex HMAC-MD5 keyed by privatekey.hmac over the exact target (docs/partner-api.md#signature). */
export function sign(target: string, hmac: string): string {
  return createHmac('md5', hmac).update(target, 'utf8').digest('hex');
}

export interface CallOptions {
  /** The key to send; none when omitted. */
  key?: Key | undefined;
  method?: string;
  /** A string or byte body as is, anything else as JSON with its content type. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Override the apimac cookie: a value to send, or null to leave it out. */
  mac?: string | null;
  /** Sign this target instead of the one requested. */
  signTarget?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  envelope: Envelope;
}

let counter = 0;
/** A unique, valid e-mail address. */
export function uniqueEmail(prefix = 'partner'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}@partner.example`;
}

/** Percent-encode one path entry the way clients do (UTF-8, docs/partner-api.md#methods). */
export const enc = encodeURIComponent;

export class TestBed {
  readonly appKey: Key;

  constructor(
    readonly transport: Transport,
    appKey: string,
  ) {
    this.appKey = { key: appKey };
  }

  /** The raw response of a request, with the key and signature cookies built from options. */
  raw(target: string, opts: CallOptions = {}): Promise<Response> {
    const headers = new Headers(opts.headers);
    const cookies: string[] = [];
    if (opts.key) cookies.push(`apikey=${opts.key.key}`);
    const mac =
      opts.mac !== undefined ? opts.mac : opts.key?.hmac ? sign(opts.signTarget ?? target, opts.key.hmac) : null;
    if (mac !== null) cookies.push(`apimac=${mac}`);
    if (cookies.length) headers.set('cookie', [headers.get('cookie'), ...cookies].filter(Boolean).join('; '));
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (typeof opts.body === 'string') body = opts.body;
    else if (opts.body instanceof Uint8Array) body = new Uint8Array(opts.body);
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=UTF-8');
    }
    const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
    return this.transport.request(target, { method, headers, ...(body === undefined ? {} : { body }) });
  }

  /** A JSON call: the envelope parsed strictly (docs/partner-api.md#envelope). */
  async call(target: string, opts: CallOptions = {}): Promise<Answer> {
    const res = await this.raw(target, opts);
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${target}: not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, text, envelope: envelopeSchema.parse(json) };
  }

  /** A call that must succeed; its result. */
  async ok(target: string, opts: CallOptions = {}): Promise<unknown> {
    const a = await this.call(target, opts);
    if (a.status !== 200 || a.envelope.error !== 0) {
      throw new Error(
        `${target}: expected success, got HTTP ${a.status} error ${a.envelope.error} ${a.envelope.errorinfo}`,
      );
    }
    return a.envelope.result;
  }

  /** POST /sandbox/control/<action>; throws unless it answers 200. */
  async control(action: string, input: unknown): Promise<unknown> {
    const res = await this.transport.request(`/sandbox/control/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const json: unknown = await res.json();
    if (res.status !== 200) throw new Error(`control ${action}: HTTP ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  /** Move the sandbox clock forward. */
  async advance(seconds: number): Promise<void> {
    await this.control('clock', { advance: seconds });
  }

  /** GET /sandbox/outbox?to=, newest first. */
  async outbox(to: string): Promise<OutboxMail[]> {
    const res = await this.transport.request(`/sandbox/outbox?to=${enc(to)}`);
    return z.array(outboxMailSchema).parse(await res.json());
  }

  /** signup with the application key; the code from the outbox. */
  async requestOtp(email: string): Promise<string> {
    await this.ok(`/api/signup/${enc(email)}/`, { key: this.appKey });
    const otp = (await this.outbox(email))[0]?.otp;
    if (!otp) throw new Error(`no one-time password in the outbox for ${email}`);
    return otp;
  }

  /** Sign up and sign in: a signin key with its HMAC key (docs/partner-api.md#signin). */
  async signUpAndIn(email = uniqueEmail()): Promise<Account> {
    const otp = await this.requestOtp(email);
    const signin = signinResultSchema.parse(await this.ok(`/api/signin/${enc(email)}/${otp}/`, { key: this.appKey }));
    return {
      email,
      key: signin.privatekey.key,
      hmac: signin.privatekey.hmac,
      keyId: signin.privatekey.id,
      signin,
    };
  }

  /** sites_add of the given names (or N generated ones); the per-site error object. */
  async addSites(account: Key, sites: number | unknown[], prefix = 'site'): Promise<Record<string, string>> {
    const body = typeof sites === 'number' ? siteNames(sites, prefix) : sites;
    const result = await this.ok('/api/sites_add/', { key: account, body });
    return z.record(z.string(), z.string()).parse(result);
  }

  async listSites(account: Key, query = ''): Promise<Site[]> {
    return sitesSchema.parse(await this.ok(`/api/sites_list/${query}`, { key: account }));
  }

  /** One site by host, or a failure naming what is there. */
  async site(account: Key, host: string, query = ''): Promise<Site> {
    const sites = await this.listSites(account, query);
    const site = sites.find((s) => s.host === host);
    if (!site) throw new Error(`no site ${host} among ${sites.map((s) => s.host).join(', ')}`);
    return site;
  }

  /** Create the agency record, which sharing needs (docs/partner-api.md#sites_add). */
  async createAgency(account: Key, overrides: Record<string, string> = {}): Promise<void> {
    await this.ok('/api/agency_update/', {
      key: account,
      body: { title: 'Test Agency', email: 'agency@partner.example', ...overrides },
    });
  }
}

/** N distinct domain names. */
export function siteNames(n: number, prefix = 'site'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}.example`);
}

/**
 * A fresh sandbox (':memory:', no seed, control on, scans of one second unless
 * overridden), in-process; closed when the test finishes. Its log lines go to
 * `log` (nowhere by default).
 */
export function freshSandbox(
  overrides: Partial<SandboxConfig> = {},
  log: (line: string) => void = () => {},
): TestBed & { sandbox: Sandbox } {
  const sandbox = createSandbox(testSandboxConfig(overrides), log);
  onTestFinished(() => sandbox.close());
  return Object.assign(new TestBed(inProcess(sandbox), sandbox.config.appKey), { sandbox });
}

/** A fresh sandbox served over real HTTP on a free port; closed when the test finishes. */
export async function freshHttpSandbox(
  overrides: Partial<SandboxConfig> = {},
  log: (line: string) => void = () => {},
): Promise<TestBed & { sandbox: Sandbox; base: string }> {
  const sandbox = createSandbox(testSandboxConfig(overrides), log);
  const http = await serveHttp(sandbox);
  onTestFinished(async () => {
    await http.close();
    sandbox.close();
  });
  return Object.assign(new TestBed(http.transport, sandbox.config.appKey), { sandbox, base: http.base });
}
