import type { MethodDef } from '../../src/api/registry.ts';
import type { KeyRow, SandboxState, UserRow } from './state.ts';
import { SystemError } from './errors.ts';
import { parseEmail } from './names.ts';

/** One decoded, authorized, validated API call handed to a method handler. */
export interface Call {
  state: SandboxState;
  now: number;
  def: MethodDef;
  key: KeyRow;
  user: UserRow | null;
  /** Decoded path entries, in order. */
  path: string[];
  /** Decoded named arguments (last value wins). */
  args: Map<string, string>;
  flag(name: string): boolean;
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
}

export type Handler = (call: Call) => unknown;

/** The user behind a key; methods that need one are limited to signin keys by the registry. */
export function requireUser(call: Call): UserRow {
  if (!call.user) throw new SystemError(505, 'This method needs a key made by signin');
  return call.user;
}

/** The e-mail in path entry `index` (0-based), lower-cased; 503 when it is not one (the registry checked it already). */
export function emailAt(call: Call, index: number): string {
  const email = parseEmail(call.path[index] ?? '');
  if (!email) throw new SystemError(503, `Path parameter ${index + 1} is not an e-mail address`);
  return email;
}
