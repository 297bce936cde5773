/**
 * One API request's path through the sandbox: the target, the key and its
 * checks, the rate limit, the registry's validation, the body, then the handler
 * in one transaction, and the answer (docs/partner-api.md#envelope, docs/partner-api.md#authentication, docs/partner-api.md#errors).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { getMethod, METHOD_NAMES, methodErrorOf, type MethodDef, type MethodName } from '../../../src/api/registry.ts';
import { isSystemErrorCode, SYSTEM_ERRORS } from '../../../src/api/system-errors.ts';
import { flagIsOn } from '../../../src/api/query-args.ts';
import { preparationOf, runHandler, type Call, type HandlerTable, type PreparationTable } from '../call.ts';
import { FailAfterCommit, JsonArrayParts, JsonText, MethodError, RawResult, SystemError } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import { getUser } from '../store/users.ts';
import { authorize, identifyKey, parseCookies } from './auth.ts';
import { readBody } from './body.ts';
import {
  answerContext,
  envelopeResponse,
  envelopeWithItems,
  errorResponse,
  rawResponse,
  type AnswerContext,
  type ApiResponse,
} from './envelope.ts';
import { parseTarget } from './target.ts';
import { validateArgs, validatePath } from './validate.ts';

export interface ApiRequest {
  /** The request target exactly as received: /api/<method>/...?query, still percent-encoded. */
  target: string;
  httpMethod: string;
  headers: Headers;
  /** The body, or null when it was larger than MAX_BODY_BYTES. */
  body: Uint8Array | null;
  origin: string;
  /** The client's address, for keys bound to IPs (docs/partner-api.md#keys) and the rate limits. */
  ip: string;
  /**
   * Set by the sandbox's own one-step demo sign-in alone (demo/session.ts), never
   * from a request: its signup and signin neither meet nor count the
   * one-time-password limits (Call.demoSession).
   */
  demoSession?: true;
}

const NAMES: ReadonlySet<string> = new Set(METHOD_NAMES);

function isMethodName(name: string): name is MethodName {
  return NAMES.has(name);
}

export function handleApi(state: SandboxState, handlers: HandlerTable, req: ApiRequest): ApiResponse {
  const admitted = admit(state, req);
  return 'response' in admitted ? admitted.response : run(state, handlers, admitted, false);
}

/**
 * handleApi for calls over HTTP: a method with a preparation (methods/handlers.ts
 * PREPARATIONS) does its reading before the transaction, with a turn of the event
 * loop after each step, so one heavy call does not hold other requests up. Inside
 * the transaction the user is read again: the account may have changed meanwhile.
 */
export async function handleApiYielding(
  state: SandboxState,
  handlers: HandlerTable,
  preparations: PreparationTable,
  req: ApiRequest,
): Promise<ApiResponse> {
  const admitted = admit(state, req);
  if ('response' in admitted) return admitted.response;
  const steps = preparationOf(preparations, admitted.call);
  if (steps === undefined) return run(state, handlers, admitted, true);
  try {
    for (const _ of steps) await nextTurn();
  } catch (err) {
    return fail(state, admitted.ctx, err);
  }
  return run(state, handlers, { ...admitted, fresh: true }, true);
}

interface Admitted {
  ctx: AnswerContext;
  call: Call;
  /** Read the user again inside the transaction (time passed since the call was admitted). */
  fresh?: boolean;
}

/** The call, decoded, authorized and validated; or the answer that refuses it. */
function admit(state: SandboxState, req: ApiRequest): Admitted | { response: ApiResponse } {
  // Named before parsing, so a 503 for a bad path entry still says which method was asked
  // (docs/partner-api.md#envelope), and syncfile_get still answers it as HTTP 4xx (docs/partner-api.md#syncfile_get-errors).
  const ctx = answerContext(req.target);
  try {
    const parsed = parseTarget(req.target);
    ctx.methodName = parsed.method;
    ctx.def = getMethod(parsed.method);
    const def = ctx.def;
    const method = parsed.method;
    if (!def || !isMethodName(method)) throw new SystemError(504, `Unknown method "${method}"`);
    // docs/partner-api.md#requests: (GET|POST). A request format error, answered before the key as the proxy does
    // (HEAD would run a method and drop its answer).
    if (req.httpMethod !== 'GET' && req.httpMethod !== 'POST') {
      throw new SystemError(503, `HTTP ${req.httpMethod.slice(0, 10)} is not accepted: use GET or POST`);
    }

    // The key is named as soon as it is identified, so a 502 for its expiry, its
    // IP binding or its signature still says which key failed (docs/partner-api.md#envelope keyid).
    const cookies = parseCookies(req.headers.get('cookie'));
    const key = identifyKey(state, cookies);
    ctx.key = key;
    authorize(state, { target: req.target, ip: req.ip, cookies }, key);
    // Signin keys only: the application key is shared by every browser behind `npm start`,
    // and its signup and signin have limits of their own (docs/sandbox.md).
    if (key.kind === 'signin') state.limits.takeKeyRequest(key.id, state.nowMs());
    // After authorize, so the envelope names the key that lacks the access (docs/partner-api.md#envelope keyid).
    if (!(def.keys as readonly string[]).includes(key.kind)) {
      throw new SystemError(505, `${def.name} needs a key made by signin`);
    }
    const user = key.user_id === null ? null : (getUser(state.db, key.user_id) ?? null);
    if (key.user_id !== null && !user) throw new SystemError(502, 'The key belongs to no user');

    if (def.httpMethods && !def.httpMethods.some((m) => m === req.httpMethod)) {
      throw new SystemError(503, `${def.name} accepts only ${def.httpMethods.join(', ')}`);
    }
    const path = validatePath(def, parsed.path);
    validateArgs(def, parsed.args);
    const body = readBody(def, req.body, req.headers.get('content-type') ?? '');

    const call: Call = {
      method,
      state,
      now: state.now(),
      def,
      key,
      user,
      path,
      args: parsed.args,
      flag: (name) => flagIsOn(parsed.args.get(name)),
      body: body.json,
      rawBody: body.text,
      bodyLength: body.length,
      contentType: body.contentType,
      target: req.target,
      origin: req.origin,
      headers: req.headers,
      httpMethod: req.httpMethod,
      ip: req.ip,
      demoSession: req.demoSession === true,
      fail: (name, info) => new MethodError(method, name, info),
    };
    return { ctx, call };
  } catch (err) {
    return { response: fail(state, ctx, err) };
  }
}

/**
 * The call's handler in its transaction, and the answer. `inSlices`: a result array made in parts
 * (JsonArrayParts) is answered as such, for the HTTP layer to write out a slice at a time.
 */
function run(
  state: SandboxState,
  handlers: HandlerTable,
  { ctx, call, fresh }: Admitted,
  inSlices: boolean,
): ApiResponse {
  const def = call.def;
  try {
    // One transaction per call: concurrent requests never see half-done changes. The
    // answer is serialized inside it, so a result that cannot be written out rolls the
    // write back: a call is never answered as failed after its changes are committed.
    const outcome = state.db.transaction(() => {
      if (fresh === true && call.user !== null) {
        call.user = getUser(state.db, call.user.id) ?? null;
        if (call.user === null) throw new SystemError(502, 'The key belongs to no user');
      }
      const armed = state.takeFailure(def.name, call.user?.id ?? null);
      if (armed) throwArmed(def, armed.code);
      return settle(runHandler(handlers, call));
    })();

    if (outcome instanceof FailAfterCommit) return fail(state, ctx, outcome.error);
    if (outcome instanceof RawResult) return rawResponse(outcome.body, outcome.headers, outcome.status);
    if (outcome instanceof JsonArrayParts) {
      // Read-only methods alone answer in parts: nothing is rolled back if writing one out failed.
      return inSlices ? envelopeWithItems(ctx, outcome.pages()) : envelopeResponse(ctx, 0, '', '', outcome.joined());
    }
    return envelopeResponse(ctx, 0, '', '', outcome.json);
  } catch (err) {
    return fail(state, ctx, err);
  }
}

/** A handler's result as it will be answered: JSON text (or its parts), or a raw or failed answer as is. */
function settle(result: unknown): JsonText | JsonArrayParts | RawResult | FailAfterCommit {
  if (
    result instanceof JsonText ||
    result instanceof JsonArrayParts ||
    result instanceof RawResult ||
    result instanceof FailAfterCommit
  ) {
    return result;
  }
  return new JsonText(result === undefined ? 'null' : JSON.stringify(result));
}

function fail(state: SandboxState, ctx: AnswerContext, err: unknown): ApiResponse {
  if (err instanceof MethodError && ctx.def && err.method === ctx.def.name) {
    const entry = methodErrorOf(err.code);
    if (entry) return errorResponse(ctx, entry.code, entry.message, err.info);
  }
  if (err instanceof SystemError) {
    return errorResponse(ctx, err.code, SYSTEM_ERRORS[err.code], err.info, err.retryAfter);
  }
  state.log(`sandbox: internal error in ${ctx.methodName}: ${err instanceof Error ? err.message : String(err)}`);
  return errorResponse(ctx, 501, SYSTEM_ERRORS[501], '');
}

function throwArmed(def: MethodDef, code: number): never {
  if (isSystemErrorCode(code)) throw new SystemError(code, 'Failure armed by the sandbox control surface');
  const entry = methodErrorOf(code);
  if (entry && entry.method === def.name) {
    throw new MethodError(entry.method, entry.name, 'Failure armed by the sandbox control surface');
  }
  throw new SystemError(501, `Armed code ${code} does not belong to ${def.name}`);
}
