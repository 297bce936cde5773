/**
 * What the HTTP layer itself does before and around the app (server/http-server.ts):
 * bounded connections (README "Security"), the security headers on Node's own
 * answers to requests it cannot read, and header names in the case the real
 * partner API writes them.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from './config/connections.ts';
import { plainAddress } from './proxy/client-address.ts';
import { addressKey } from './proxy/login-limits.ts';

/**
 * Node's timeouts and reuse limits from the configured ones. The timeouts are
 * checked every second (Node's default is every 30 s, which would let a slow
 * request live 30 s past its limit).
 */
export function serverOptionsFor(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutSeconds * 1000,
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    connectionsCheckingInterval: 1000,
  };
}

/**
 * Caps open connections, in all (Node refuses past `maxConnections`) and per
 * client address (the socket's peer; a proxy in `exempt`, TRUSTED_PROXIES, is not
 * capped: every user behind it shares its address). A refused connection is
 * closed at once, before a byte is read.
 */
export function capConnections(server: Server, limits: ConnectionLimits, exempt: (address: string) => boolean): void {
  server.maxConnections = limits.maxConnections;
  server.maxRequestsPerSocket = limits.maxRequestsPerConnection;
  if (limits.maxConnectionsPerAddress === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    // As the sign-in limits count it: an IPv6 client by its /64.
    const key = addressKey(plainAddress(address));
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}

const CLIENT_ERROR_STATUS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * Node's own answer to a request it cannot read (431 for oversized headers, 408 for a
 * request that took too long, 400 for a malformed one), written as Node would, with
 * the security headers every answer carries. Nothing is written on a connection
 * that already carries an answer or can no longer be written to.
 */
export function answerClientErrors(server: Server, headersForAll: ReadonlyArray<readonly [string, string]>): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || current?.headersSent === true) {
      socket.destroy();
      return;
    }
    const [status, reason] = CLIENT_ERROR_STATUS[err.code ?? ''] ?? [400, 'Bad Request'];
    const lines = [`HTTP/1.1 ${status} ${reason}`, ...headersForAll.map(([name, value]) => `${name}: ${value}`)];
    socket.end(`${lines.join('\r\n')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
}

/** Header names as the real partner API writes them; clients read some case-sensitively (syncfile_get's X-Filename). */
const CANONICAL: ReadonlyMap<string, string> = new Map([['etag', 'ETag']]);

function canonicalName(name: string): string {
  return CANONICAL.get(name) ?? name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

type WriteHead = ServerResponse['writeHead'];

/**
 * Writes the answer's header names in canonical case (`X-Filename`,
 * `Content-Disposition`, `Content-Type`): the Fetch API the apps answer with
 * lower-cases every name, and HTTP/1.1 sends names as they are given.
 */
export function canonicalHeaderCase(res: ServerResponse<IncomingMessage>): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const at = typeof args[1] === 'string' ? 2 : 1;
    const headers = args[at];
    if (typeof headers === 'object' && headers !== null && !Array.isArray(headers)) {
      args[at] = Object.fromEntries(
        Object.entries(headers as Record<string, unknown>).map(([name, value]) => [canonicalName(name), value]),
      );
    }
    return writeHead(...args);
  }) as WriteHead;
}
