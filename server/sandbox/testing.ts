/**
 * Test-data builders for the sandbox suite (STYLE.md habit 7): a fresh sandbox per
 * test, an account signed up and in through the outbox, signed calls, N sites.
 * Everything talks to the real sandbox, in-process (`app.request`) or over real
 * HTTP; nothing is mocked. Only *.test.ts files import this module.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { onTestFinished } from 'vitest';
import { z } from 'zod';
import { createSandbox, type Sandbox } from './app.ts';
import { testSandboxConfig, type SandboxConfig } from './config.ts';

// ---- Schemas of what the sandbox answers (spec §2) ----

/** spec §2.1: exactly these eight fields. */
export const envelopeSchema = z.strictObject({
  version: z.string().min(1),
  keyid: z.string(),
  method: z.string(),
  timewait: z.number().int().nonnegative(),
  error: z.number().int(),
  message: z.string(),
  errorinfo: z.string(),
  result: z.unknown(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

const int = z.number().int();

/** spec §2.9: every field an integer, nothing else. */
export const scanReportSchema = z.strictObject({
  id: int,
  date: int,
  cure: z.union([z.literal(0), z.literal(1)]),
  threats: int.nonnegative(),
  incurable: int.nonnegative(),
  doubt: int.nonnegative(),
  treated: int.nonnegative(),
  detectedfiles: int.nonnegative(),
  incurablefiles: int.nonnegative(),
  malicious: int.nonnegative(),
  suspicious: int.nonnegative(),
  checkeddirs: int.nonnegative(),
  checkedfiles: int.nonnegative(),
  treatedfiles: int.nonnegative(),
  deletedfiles: int.nonnegative(),
  totalbytes: int.nonnegative(),
  checkedbytes: int.nonnegative(),
  errors: int.nonnegative(),
});
export type ScanReport = z.infer<typeof scanReportSchema>;

/** spec §2.10: YYYYMMDD → null or eight integers. */
export const fwDaySchema = z.tuple([int, int, int, int, int, int, int, int]).nullable();
export const fwHistorySchema = z.record(z.string().regex(/^\d{8}$/), fwDaySchema);
export type FwHistory = z.infer<typeof fwHistorySchema>;

/** spec §2.8. */
export const siteSchema = z.strictObject({
  id: int,
  host: z.string(),
  domain: z.string(),
  adddate: int,
  scanperiod: int,
  nextscan: int,
  firewallstatus: z.union([z.literal(0), z.literal(1)]),
  autotreatment: z.union([z.literal(0), z.literal(1)]),
  permissions: int,
  scanreport: scanReportSchema.nullable().optional(),
  fwhistory: fwHistorySchema.nullable().optional(),
});
export type Site = z.infer<typeof siteSchema>;
export const sitesSchema = z.array(siteSchema);

/** spec §2.2–§2.6: the signin result. */
export const signinResultSchema = z.object({
  user: z.object({ login: z.string(), email: z.string(), regdate: int.optional() }),
  syncfile: z.object({ filename: z.string().min(1), download: z.string().url() }),
  publickey: z.object({ id: z.string().min(1), key: z.string().min(1), hmac: z.string().min(1) }),
  privatekey: z.object({ id: z.string().min(1), key: z.string().min(1), hmac: z.string().min(1) }),
  keydata: z.object({
    owner: z.string(),
    created: int,
    modified: int,
    expires: int,
    uid: z.string(),
    ip: z.string(),
    pid: z.string(),
  }),
});
export type SigninResult = z.infer<typeof signinResultSchema>;

/** issue 2: GET /sandbox/outbox?to= answers these objects, otp only on one-time-password mails. */
export const outboxMailSchema = z.strictObject({
  id: int,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  otp: z.string().optional(),
  sentAt: int,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

// ---- Transports ----

/** How a test reaches the sandbox: in-process or over real HTTP. Targets are sent as given. */
export interface Transport {
  request(target: string, init?: RequestInit): Promise<Response>;
}

export function inProcess(sandbox: Sandbox): Transport {
  return { request: async (target, init) => sandbox.app.request(target, init) };
}

/**
 * A request over node:http that sends the target byte for byte (fetch would
 * normalise `..` and re-encode characters, and the signature covers the target
 * exactly as received, spec §5.5).
 */
export function rawHttp(base: string, target: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(base);
  const headers = new Headers(init.headers);
  const body = init.body === undefined || init.body === null ? undefined : bodyBytes(init.body);
  if (body) headers.set('content-length', String(body.byteLength));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: init.method ?? 'GET',
        path: target,
        headers: Object.fromEntries(headers),
        // One connection per request, so parallel tests never queue behind each other.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') out.set(name, value);
            else if (Array.isArray(value)) for (const v of value) out.append(name, v);
          }
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: out }));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function bodyBytes(body: BodyInit): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new Error('rawHttp takes string or Uint8Array bodies');
}

/** Serve the sandbox on a free port. */
export async function serveHttp(
  sandbox: Sandbox,
): Promise<{ base: string; transport: Transport; close(): Promise<void> }> {
  const server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${(address satisfies AddressInfo).port}`;
  return {
    base,
    transport: { request: (target, init) => rawHttp(base, target, init) },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- Keys and signed calls (spec §5) ----

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

/** apimac: lowercase hex HMAC-MD5 keyed by privatekey.hmac over the exact target (spec §5.3–5.5). */
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

/** Percent-encode one path entry the way clients do (UTF-8, spec §4). */
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

  /** A JSON call: the envelope parsed strictly (spec §2.1). */
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

  /** Sign up and sign in: a signin key with its HMAC key (spec §4.1). */
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

  /** Create the agency record, which sharing needs (spec §4.3). */
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

// ---- The sandbox as a child process (kill -9, restart) ----

export interface ChildSandbox {
  base: string;
  bed: TestBed;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/**
 * Run `server/sandbox/main.ts` in its own Node process on a free port (SANDBOX_PORT=0)
 * and wait for the base_url line of its banner; the TestBed talks to it over HTTP.
 */
export async function spawnSandbox(env: Record<string, string>): Promise<ChildSandbox> {
  const appKey = env.SANDBOX_APP_KEY ?? testSandboxConfig().appKey;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/sandbox/main.ts'], {
    cwd: new URL('../../', import.meta.url),
    // Stated in full, so a developer's own SANDBOX_* settings do not leak into the test.
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_QUIET: '1',
      SANDBOX_CONTROL: '1',
      SANDBOX_SEED: 'empty',
      SANDBOX_SIGNIN_DS: 'required',
      ...env,
      SANDBOX_APP_KEY: appKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sandbox did not start:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /base_url (http:\/\/127\.0\.0\.1:\d+) /.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code}:\n${output}`));
    });
  });
  const transport: Transport = { request: (target, init) => rawHttp(base, target, init) };
  const bed = new TestBed(transport, appKey);
  return { base, bed, child, exited };
}
