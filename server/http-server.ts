import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';

/**
 * An HTTP server factory for @hono/node-server's `serve` that answers an API
 * request whose path holds a backslash with the spec envelope (503), instead of
 * the adapter's empty HTTP 400: JSON methods answer HTTP 200 with an envelope
 * even to bad input (spec §7.1, issue 2 "Bad input"). Browsers never send such
 * paths; hand-written clients may.
 */
export const createGuardedServer = ((options: ServerOptions, listener: RequestListener) =>
  createServer(options, (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    const path = url.split('?', 1)[0] ?? '';
    if (path.startsWith('/api') && path.includes('\\')) {
      const body = JSON.stringify({
        version: 'server',
        keyid: '',
        method: '',
        timewait: 0,
        error: 503,
        message: 'Invalid request format',
        errorinfo: 'A backslash is not allowed in the request path',
        result: null,
      });
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    listener(req, res);
  })) as typeof createServer;
