import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import { proxyEnvelope } from './proxy/envelope.ts';

/**
 * An HTTP server factory for @hono/node-server's `serve` that answers an API
 * request whose path holds a backslash with the proxy's own envelope (error
 * 503, server/proxy/envelope.ts), instead of the adapter's empty HTTP 400: JSON
 * methods answer HTTP 200 with an envelope even to bad input (spec §7.1, issue 2
 * "Bad input"). Browsers never send such paths; hand-written clients may.
 */
export const createGuardedServer = ((options: ServerOptions, listener: RequestListener) =>
  createServer(options, (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    const path = url.split('?', 1)[0] ?? '';
    if (path.startsWith('/api') && path.includes('\\')) {
      const startedAt = performance.now();
      // The method is not echoed: the path is not one the proxy would forward (spec §2.1).
      const body = JSON.stringify(proxyEnvelope('', 503, 'A backslash is not allowed in the request path', startedAt));
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=UTF-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(body);
      return;
    }
    listener(req, res);
  })) as typeof createServer;
