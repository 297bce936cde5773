/**
 * The method registry: every method of the Site Security Partner API stated once
 * (docs/partner-api.md#methods), one file per API area under registry/. The sandbox routes,
 * validates (system error 503) and answers `api_methodlist` / `api_methoddata`
 * from it; the client derives its functions, query keys, body schemas and error
 * codes from it. Isomorphic: no DOM, no Node-only imports.
 */
import { ACCOUNT_METHODS } from './registry/account.ts';
import { AGENCY_METHODS } from './registry/agency.ts';
import { COMMON_METHODS } from './registry/common.ts';
import { RE, type MethodDef } from './registry/define.ts';
import { SITE_METHODS } from './registry/sites.ts';
import { UNIT_METHODS } from './registry/units.ts';

export type { MethodDef } from './registry/define.ts';

/** Every method of docs/partner-api.md#methods, in the order `api_methodlist` gives them. */
export const METHODS = [
  ...ACCOUNT_METHODS,
  ...AGENCY_METHODS,
  ...UNIT_METHODS,
  ...SITE_METHODS,
  ...COMMON_METHODS,
] as const satisfies readonly MethodDef[];

type Methods = (typeof METHODS)[number];
export type MethodName = Methods['name'];
/** The registry entry of one method, with its literal types. */
export type DefOf<M extends MethodName> = Extract<Methods, { name: M }>;
/** The stable names of a method's errors (docs/partner-api.md#method-errors), e.g. ErrorName<'site_delete'> = 'dbError' | 'siteNotFound'. */
export type ErrorName<M extends MethodName> = DefOf<M>['errors'][number]['name'];
export type PathName<M extends MethodName> = DefOf<M>['path'][number]['name'];
export type FlagName<M extends MethodName> = DefOf<M>['flags'][number];
export type ArgvName<M extends MethodName> = keyof DefOf<M>['argv'] & string;

export const METHOD_NAMES: readonly MethodName[] = METHODS.map((m) => m.name);

const byName = new Map<string, MethodDef>(METHODS.map((m) => [m.name, m]));

/** The entry of a method by its name as received; own entries only, so `constructor` is no method. */
export function getMethod(name: string): MethodDef | undefined {
  return byName.get(name);
}

/** The registry entry of a known method. */
export function methodDef<M extends MethodName>(name: M): DefOf<M> {
  const def = METHODS.find((m): m is DefOf<M> => m.name === name);
  if (!def) throw new TypeError(`Method ${name} is not in the registry`);
  return def;
}

/** A method error's full code by its name: errorCode('site_scan', 'notAvailable') = 146901 (docs/partner-api.md#error-rules rule 5). */
export function errorCode<M extends MethodName>(method: M, name: ErrorName<M>): number {
  const def: MethodDef = methodDef(method);
  const index = def.errors.findIndex((e) => e.name === name);
  if (index < 0) throw new TypeError(`${method} has no error named ${String(name)}`);
  return def.errprefix * 1000 + 900 + index;
}

/** One method error with its code, method and name. */
export type MethodErrorEntry = {
  [M in MethodName]: { code: number; method: M; name: ErrorName<M>; message: string };
}[MethodName];

const DEFS: readonly MethodDef[] = METHODS;

/** Every method error (docs/partner-api.md#method-errors), in registry order. */
export const METHOD_ERRORS = DEFS.flatMap(
  (def) =>
    def.errors.map((e, index) => ({
      code: def.errprefix * 1000 + 900 + index,
      method: def.name,
      name: e.name,
      message: e.message,
    })),
  // Read from METHODS entry by entry: each name is one of its own method's errors.
) as readonly MethodErrorEntry[];

/** The method error a code stands for (146901 → site_scan's notAvailable), when it is one. */
export function methodErrorOf(code: number): MethodErrorEntry | undefined {
  return METHOD_ERRORS.find((e) => e.code === code);
}

/** The regular expression a named GET argument must match (argv, or a flag's), or undefined for names the method does not know. */
export function argumentPattern(def: MethodDef, name: string): string | undefined {
  if (Object.hasOwn(def.argv, name)) return def.argv[name];
  return def.flags.includes(name) ? RE.flag : undefined;
}
