import type { ErrorName, MethodDef, MethodName } from '../../src/api/registry.ts';
import { MethodError, SystemError } from './errors.ts';
import { parseEmail } from './names.ts';
import type { SandboxState } from './state.ts';
import type { KeyRow } from './store/keys.ts';
import type { UserRow } from './store/users.ts';

/** One decoded, authorized, validated API call handed to the handler of method M. */
export interface Call<M extends MethodName = MethodName> {
  readonly method: M;
  state: SandboxState;
  now: number;
  def: MethodDef;
  key: KeyRow;
  user: UserRow | null;
  /** Decoded path entries, in order. */
  path: readonly string[];
  /** Decoded named arguments (last value wins). */
  args: ReadonlyMap<string, string>;
  flag(name: string): boolean;
  /** The parsed JSON body (agency_update, sites_add). */
  body: unknown;
  /** The body as text (api_test's may hold U+FFFD where bytes were not UTF-8). */
  rawBody: string;
  /** The body's size in bytes, as received. */
  bodyLength: number;
  contentType: string;
  /** The request target exactly as received. */
  target: string;
  /** Origin for absolute URLs the sandbox hands out. */
  origin: string;
  headers: Headers;
  httpMethod: string;
  /** The client's address, as the key's IP binding sees it (docs/partner-api.md#keys). */
  ip: string;
  /**
   * The sandbox's one-step demo sign-in (POST /sandbox/demo-session), for the
   * public demo account: signup and signin leave the one-time-password limits
   * to people and scripts, so "Try the demo" works however often it is used.
   */
  demoSession: boolean;
  /** One of this method's own errors (docs/partner-api.md#method-errors), by name: `throw call.fail('siteNotFound')`. */
  fail(name: ErrorName<M>, info?: string): MethodError<M>;
}

/** The handler of method M: its result, or a RawResult, JsonText, JsonArrayParts or FailAfterCommit (errors.ts). */
type Handler<M extends MethodName> = (call: Call<M>) => unknown;

/** One handler per registry method: a method without one does not compile. */
export type HandlerTable = { readonly [M in MethodName]: Handler<M> };

/**
 * Work a method does before its transaction, in steps, without writing: each
 * `yield` lets other requests run (http/handle-api.ts handleApiYielding). What it
 * finds is the handler's to use; the handler must also work without it.
 */
type Preparation<M extends MethodName> = (call: Call<M>) => Iterable<void>;

export type PreparationTable = { readonly [M in MethodName]?: Preparation<M> };

/** The steps of the call's preparation, if its method has one. */
export function preparationOf<M extends MethodName>(
  table: PreparationTable,
  call: Call<M>,
): Iterable<void> | undefined {
  const prepare: Preparation<M> | undefined = table[call.method];
  return prepare?.(call);
}

/** Runs the handler of the call's method (typed per method, so its error names are checked). */
export function runHandler<M extends MethodName>(table: HandlerTable, call: Call<M>): unknown {
  const handler: Handler<M> = table[call.method];
  return handler(call);
}

/** The user behind a key; methods that need one are limited to signin keys by the registry. */
export function requireUser(call: Pick<Call, 'user'>): UserRow {
  if (!call.user) throw new SystemError(505, 'This method needs a key made by signin');
  return call.user;
}

/** The e-mail in path entry `index` (0-based), lower-cased; 503 when it is not one (the registry checked it already). */
export function emailAt(call: Pick<Call, 'path'>, index: number): string {
  const email = parseEmail(call.path[index] ?? '');
  if (!email) throw new SystemError(503, `Path parameter ${index + 1} is not an e-mail address`);
  return email;
}
