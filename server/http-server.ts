import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { ConnectionLimits } from './config/connections.ts';
import { answerClientErrors, canonicalHeaderCase, capConnections, serverOptionsFor } from './http-limits.ts';

/** An answer made without the app: status, headers and a text body. */
export interface GuardAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * An HTTP server factory for @hono/node-server's `serve` that answers an API
 * request whose path holds a backslash itself, instead of the adapter's empty
 * HTTP 400: JSON methods answer HTTP 200 with an envelope even to bad input
 * (docs/partner-api.md#error-rules). Browsers never send such paths; hand-written
 * clients may. Who answers decides the answer: the proxy its own envelope
 * (`npm start`), the sandbox its own (`npm run sandbox`).
 * @param answer builds the answer from the raw request target.
 * @param headersForAll headers on every answer, this early one and the
 *   adapter's own (its empty 400 for a target it cannot read) included; the
 *   app's answers set them too (Node lets the headers an answer is written with
 *   take precedence over these), and Node's own answers to requests it cannot
 *   read (http-limits.ts answerClientErrors).
 * @param connections.limits timeouts and caps on connections (server/config/connections.ts);
 *   Node's defaults when omitted.
 * @param connections.exempt client addresses the per-address cap leaves alone (trusted proxies).
 */
export function createGuardedServer(
  answer: (target: string) => GuardAnswer,
  headersForAll: ReadonlyArray<readonly [string, string]> = [],
  connections: { limits?: ConnectionLimits; exempt?: (address: string) => boolean } = {},
): typeof createServer {
  const { limits, exempt = () => false } = connections;
  return ((options: ServerOptions, listener: RequestListener) => {
    const server = createServer({ ...options, ...(limits ? serverOptionsFor(limits) : {}) }, (req, res) => {
      canonicalHeaderCase(res);
      guarded(req, res);
    });
    if (limits) capConnections(server, limits, exempt);
    answerClientErrors(server, headersForAll);
    return server;

    function guarded(req: IncomingMessage, res: ServerResponse): void {
      for (const [name, value] of headersForAll) res.setHeader(name, value);
      const target = req.url ?? '';
      const path = target.split('?', 1)[0] ?? '';
      if (path.startsWith('/api') && path.includes('\\')) {
        const { status, headers, body } = answer(target);
        res.writeHead(status, {
          // An answer to a refused request is never worth keeping.
          'Cache-Control': 'no-store',
          ...headers,
          'Content-Length': Buffer.byteLength(body),
        });
        res.end(body);
        return;
      }
      listener(req, res);
    }
  }) as typeof createServer;
}
