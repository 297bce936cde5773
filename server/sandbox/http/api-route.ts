/** The Hono side of /api/*: read the body within its limit, hand the request to handleApiYielding, write the answer. */
import { setImmediate as nextTurn } from 'node:timers/promises';
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
    if (res.items) return new Response(inSlices(res.body, res.items), { status: res.status, headers: res.headers });
    const bytes = Buffer.from(res.body, 'utf8');
    return new Response(bytes, {
      status: res.status,
      headers: { ...res.headers, 'Content-Length': String(bytes.byteLength) },
    });
  };
}

/**
 * The answer's text, then its result array a page at a time (each read and written in one go),
 * each page a turn of the event loop after the last: other requests are served between them (the
 * read model's read of 100,000 sites held the embedded sandbox, and with it the whole server,
 * for 8.7 s in one piece).
 */
function inSlices(head: string, items: NonNullable<ApiResponse['items']>): ReadableStream<Uint8Array> {
  let started = false;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(Buffer.from(head, 'utf8'));
        return;
      }
      await nextTurn();
      const next = items.next();
      if (next.done === true) {
        controller.enqueue(Buffer.from(']}', 'utf8'));
        controller.close();
        return;
      }
      if (next.value.length === 0) return;
      controller.enqueue(Buffer.from((first ? '' : ',') + next.value.join(','), 'utf8'));
      first = false;
    },
    cancel() {
      items.return?.();
    },
  });
}

/** The method part of a target, for a log line (never the query, which may hold e-mails). */
function methodLabel(target: string): string {
  return `/api/${methodNamed(target)}`;
}
