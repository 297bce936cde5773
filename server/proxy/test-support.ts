/**
 * Real parts for the proxy's tests: a small node:http upstream that records
 * what reaches it, the proxy served over real HTTP, and a raw HTTP client that
 * sends a request target byte for byte (fetch would re-parse it).
 */
import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ProxyApp } from './app.ts';

export interface RecordedRequest {
  method: string;
  /** The request target as it arrived on the wire. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type UpstreamBehaviour = (req: RecordedRequest, res: ServerResponse) => void;

export interface TestUpstream {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function portOf(server: Server): number {
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on a TCP port');
  return address.port;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** An echo upstream by default: answers an envelope whose result is what it received. */
export async function startUpstream(behaviour?: UpstreamBehaviour): Promise<TestUpstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      if (behaviour) return behaviour(recorded, res);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(echoEnvelope(recorded)));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { baseUrl: `http://127.0.0.1:${portOf(server)}`, requests, close: () => closeServer(server) };
}

export function echoEnvelope(req: RecordedRequest) {
  return {
    version: 'test-upstream',
    keyid: '',
    method: req.url.split('/')[2] ?? '',
    timewait: 0,
    error: 0,
    message: '',
    errorinfo: '',
    result: { url: req.url, method: req.method, cookie: req.headers.cookie ?? null, body: req.body },
  };
}

/** A port that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = portOf(server);
  await closeServer(server);
  return port;
}

export interface Served {
  port: number;
  origin: string;
  close(): Promise<void>;
}

/** Serves a Hono app over real HTTP on a free loopback port, as `npm start` does. */
export async function serveApp(
  app: ProxyApp | { fetch: (req: Request) => Response | Promise<Response> },
  hostname = '127.0.0.1',
): Promise<Served> {
  const server = serve({ fetch: app.fetch, port: 0, hostname });
  await once(server, 'listening');
  if (!('closeAllConnections' in server)) throw new Error('expected an HTTP/1 server');
  // Idle connections kept a minute, not Node's 5 s: a test whose event loop a render held for seconds
  // (jsdom, a busy machine) otherwise reuses a connection the server has just closed ("other side closed").
  server.keepAliveTimeout = 60_000;
  const port = portOf(server);
  return { port, origin: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** An HTTP request whose target goes on the wire exactly as given. */
export function send(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Raw bytes over a socket, for requests Node's HTTP client refuses to write (CR/LF in a header). */
export function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.write(bytes, 'latin1');
  });
}

/** The JSON body of an answer, as unknown (tests narrow it with zod). */
export function jsonOf(answer: RawAnswer): unknown {
  return JSON.parse(answer.text);
}
