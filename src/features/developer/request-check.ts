/**
 * A request checked against what api_methoddata says of the method (spec
 * docs/partner-api.md#method-metadata) before it is sent: each path entry and named argument against its
 * regular expression, the fields of a JSON POST body against `post`. The
 * expressions are compiled as the registry compiles them (the `u` flag); one
 * that does not compile here is reported, not guessed at. What is required
 * api_methoddata does not say: every path entry is, and the named arguments
 * and POST fields the spec marks required (the registry's requiredArgv and
 * requiredPost, e.g. api_test's str and int, docs/partner-api.md#api_test).
 */
import { getMethod } from '../../api/registry';
import type { MethodData } from '../../api/schemas';

export type Problem =
  | { kind: 'mismatch'; pattern: string }
  | { kind: 'uncompilable'; pattern: string }
  | { kind: 'notString' }
  | { kind: 'required' };

/** The named arguments and POST fields a method cannot do without; path entries always are. */
export interface Requirements {
  argv: readonly string[];
  post: readonly string[];
}

const NONE: Requirements = { argv: [], post: [] };

/** What the spec marks required for a method (the registry); nothing for a method it does not know. */
export function requirementsOf(method: string): Requirements {
  const def = getMethod(method);
  return def ? { argv: def.requiredArgv ?? [], post: def.requiredPost ?? [] } : NONE;
}

const compiled = new Map<string, RegExp | null>();

function compile(pattern: string): RegExp | null {
  if (!compiled.has(pattern)) {
    try {
      compiled.set(pattern, new RegExp(pattern, 'u'));
    } catch {
      compiled.set(pattern, null);
    }
  }
  return compiled.get(pattern) ?? null;
}

/** The problem with one value, or null when it matches. */
function checkValue(pattern: string, value: string): Problem | null {
  const re = compile(pattern);
  if (!re) return { kind: 'uncompilable', pattern };
  return re.test(value) ? null : { kind: 'mismatch', pattern };
}

export interface RequestValues {
  /** One value per entry of `data.path`. */
  path: string[];
  /** One value per named argument, in the order of `argNames(data)`; '' = not sent. */
  args: string[];
  body: string;
  httpMethod: 'GET' | 'POST';
}

export interface RequestProblems {
  path: (Problem | null)[];
  args: (Problem | null)[];
  /** The body is not a JSON object though the method reads named POST fields. */
  bodyNotObject: boolean;
  /** POST fields whose value does not match (name → problem). */
  post: Record<string, Problem>;
}

export function argNames(data: MethodData): string[] {
  return Object.keys(data.argv ?? {});
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function postProblems(
  data: MethodData,
  values: RequestValues,
  required: readonly string[],
): Pick<RequestProblems, 'bodyNotObject' | 'post'> {
  const fields = data.post ?? {};
  if (values.httpMethod !== 'POST') return { bodyNotObject: false, post: {} };
  if (values.body.trim() === '') {
    return { bodyNotObject: false, post: Object.fromEntries(required.map((name) => [name, { kind: 'required' }])) };
  }
  if (Object.keys(fields).length === 0 && required.length === 0) return { bodyNotObject: false, post: {} };
  let json: unknown;
  try {
    json = JSON.parse(values.body);
  } catch {
    json = undefined;
  }
  if (!isRecord(json)) return { bodyNotObject: true, post: {} };
  const post: Record<string, Problem> = {};
  for (const name of required) {
    if (!Object.hasOwn(json, name) || json[name] === '') post[name] = { kind: 'required' };
  }
  for (const [name, pattern] of Object.entries(fields)) {
    if (post[name]) continue;
    if (!Object.hasOwn(json, name)) continue;
    const value = json[name];
    const problem = typeof value === 'string' ? checkValue(pattern, value) : { kind: 'notString' as const };
    if (problem) post[name] = problem;
  }
  return { bodyNotObject: false, post };
}

/** Every problem of a request; `hasProblems` says whether it may be sent. */
export function checkRequest(data: MethodData, values: RequestValues, required: Requirements = NONE): RequestProblems {
  const path = (data.path ?? []).map((pattern, i) => {
    const value = values.path[i] ?? '';
    return value === '' ? { kind: 'required' as const } : checkValue(pattern, value);
  });
  const args = argNames(data).map((name, i) => {
    const value = values.args[i] ?? '';
    if (value === '') return required.argv.includes(name) ? { kind: 'required' as const } : null;
    return checkValue(data.argv?.[name] ?? '', value);
  });
  return { path, args, ...postProblems(data, values, required.post) };
}

export function hasProblems(p: RequestProblems): boolean {
  return p.path.some(Boolean) || p.args.some(Boolean) || p.bodyNotObject || Object.keys(p.post).length > 0;
}

/** The HTTP methods the method allows (docs/partner-api.md#method-metadata httpMethods; absent = GET and POST, docs/partner-api.md#requests). */
export function allowedHttpMethods(data: MethodData): ('GET' | 'POST')[] {
  const raw = data.httpMethods;
  if (raw === undefined) return ['GET', 'POST'];
  const listed = (Array.isArray(raw) ? raw : raw.split(/[\s,|]+/)).map((m) => m.trim().toUpperCase());
  const allowed = (['GET', 'POST'] as const).filter((m) => listed.includes(m));
  return allowed.length > 0 ? allowed : ['GET', 'POST'];
}
