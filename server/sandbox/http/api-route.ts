/** The Hono side of /api/*: read the body within its limit, hand the request to handleApiYielding, write the answer. */
import { MAX_BODY_BYTES } from '../../../src/api/limits.ts';
import { BodyTooLarge, readLimited } from '../../read-limited.ts';
import { HANDLERS, PREPARATIONS } from '../methods/handlers.ts';
import type { SandboxState } from '../state.ts';
import { clientIp, requestOrigin, type SandboxContext } from './connection.ts';
import { internalErrorResponse, type ApiResponse } from './envelope.ts';
import { handleApiYielding } from './handle-api.ts';
import { methodNamed } from './target.ts';

export function apiRoute(state: SandboxState, runScheduler: () => void, log: (line: string) => void) {
  return async (c: SandboxContext): Promise<Response> => {
    const incoming = c.env?.incoming;
    const url = new URL(c.req.url);
    // The signature covers the target exactly as received (docs/partner-api.md#signature).
    // In-process there is no raw target: href keeps an empty "?" that url.search drops.
    const target = incoming?.url ?? url.href.slice(url.origin.length);
    let res: ApiResponse;
    try {
      // Declared too large, or larger than announced: the API answers 503 (null body).
      const declared = Number(c.req.header('content-length') ?? '0');
      const body =
        declared > MAX_BODY_BYTES
          ? null
          : await readLimited(c.req.raw.body, MAX_BODY_BYTES).catch((err: unknown) => {
              if (err instanceof BodyTooLarge) return null;
              throw err;
            });
      runScheduler();
      res = await handleApiYielding(state, HANDLERS, PREPARATIONS, {
        target,
        httpMethod: c.req.method,
        headers: c.req.raw.headers,
        body,
        origin: requestOrigin(c, state.config),
        ip: clientIp(c),
      });
    } catch (err) {
      // Every /api/ answer is the envelope, even when the body could not be read
      // (a client that hung up mid-body) or the database failed outside a call.
      log(`sandbox: ${c.req.method} ${methodLabel(target)}: ${err instanceof Error ? err.message : String(err)}`);
      res = internalErrorResponse(target);
    }
    // Encoded once here; the length lets the proxy pass small answers on unread.
    const bytes = Buffer.from(res.body, 'utf8');
    return new Response(bytes, {
      status: res.status,
      headers: { ...res.headers, 'Content-Length': String(bytes.byteLength) },
    });
  };
}

/** The method part of a target, for a log line (never the query, which may hold e-mails). */
function methodLabel(target: string): string {
  return `/api/${methodNamed(target)}`;
}
