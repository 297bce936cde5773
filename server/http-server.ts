import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';

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
 *   take precedence over these).
 */
export function createGuardedServer(
  answer: (target: string) => GuardAnswer,
  headersForAll: ReadonlyArray<readonly [string, string]> = [],
): typeof createServer {
  return ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, (req: IncomingMessage, res: ServerResponse) => {
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
    })) as typeof createServer;
}
