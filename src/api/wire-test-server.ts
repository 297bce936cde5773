/**
 * A real HTTP server (node:http on port 0) for the client's tests: it records
 * each request and answers what the test sets (canned envelopes), or holds the
 * request open. With the fixtures the tests share.
 */
// Node-only imports are fine for tests; the layer under test stays isomorphic.
// eslint-disable-next-line no-restricted-imports
import { createHmac } from 'node:crypto';
// eslint-disable-next-line no-restricted-imports
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, beforeEach } from 'vitest';
import { createApiClient, type ApiClient } from './client.ts';
import type { Credentials } from './credentials.ts';
import type { Agency, Site } from './schemas.ts';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

/** What the server does with the next request: answer, or hold it open (no answer). */
type Reply = Answer | 'hang';

export interface TestServer {
  baseUrl: string;
  requests: Recorded[];
  reply: (next: Reply | ((req: Recorded) => Reply)) => void;
  close: () => Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const requests: Recorded[] = [];
  let handler: (req: Recorded) => Reply = () => ({ status: 500, body: 'no reply set' });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const reply = handler(recorded);
      if (reply === 'hang') return;
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json; charset=utf-8', ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    reply: (next) => {
      handler = typeof next === 'function' ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function envelope(result: unknown, overrides: Record<string, unknown> = {}): Answer {
  return {
    body: JSON.stringify({
      version: '1.0.0',
      keyid: 'key-1',
      method: 'test',
      timewait: 3,
      error: 0,
      message: '',
      errorinfo: '',
      result,
      ...overrides,
    }),
  };
}

export const agency: Agency = { title: 'Hosting & Co', email: 'office@hosting.example', website: 'hosting.example' };

export const site: Site = {
  id: 7,
  host: 'xn--e1afmkfd.xn--p1ai',
  domain: 'пример.рф',
  adddate: 1_700_000_000,
  scanperiod: 604_800,
  nextscan: 1_800_000_000,
  firewallstatus: 1,
  autotreatment: 0,
  permissions: 5,
};

export const MAC_KEY = 'mac-Ключ-0123';
const signed: Credentials = { apiKey: 'api-key-123', macKey: MAC_KEY };

/** The signature as node:crypto computes it: an oracle independent of sign.ts. */
export const oracle = (key: string, target: string) => createHmac('md5', key).update(target, 'utf8').digest('hex');

/** A client that signs with `credentials` (read on every call) and talks to a fresh recording server. */
export interface Wire {
  server: TestServer;
  client: ApiClient;
  credentials: Credentials | null;
  /** The last request the server saw. */
  lastRequest(): Recorded;
}

/** A Wire made anew before each test of the file (with `signed` credentials), its server closed after. */
export function wirePerTest(): Wire {
  const wire = {
    credentials: signed,
    lastRequest() {
      const req = wire.server.requests.at(-1);
      if (!req) throw new Error('the server saw no request');
      return req;
    },
  } as Wire;
  beforeEach(async () => {
    wire.server = await startServer();
    wire.credentials = signed;
    wire.client = createApiClient({
      baseUrl: wire.server.baseUrl,
      getCredentials: () => wire.credentials,
      timeoutMs: 2000,
    });
  });
  afterEach(async () => {
    await wire.server.close();
  });
  return wire;
}
