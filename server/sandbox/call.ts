import type { MethodDef } from '../../src/api/registry.ts';
import type { KeyRow, SandboxState, UserRow } from './state.ts';
import { SystemError } from './errors.ts';

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
  rawBody: string;
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
