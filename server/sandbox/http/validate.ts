/** The registry's checks of a call (docs/partner-api.md#method-metadata): path entries and named arguments; 503 when they fail. */
import { argumentPattern, type MethodDef } from '../../../src/api/registry.ts';
import { regex } from '../../../src/api/registry/define.ts';
import { SystemError } from '../errors.ts';
import { parseSiteName } from '../names.ts';

/** Each path entry against its expression; a domain may come as a full URL or with a trailing dot. */
export function validatePath(def: MethodDef, given: readonly string[]): string[] {
  if (given.length < def.path.length) {
    const missing = def.path[given.length];
    throw new SystemError(503, `Missing path parameter ${given.length + 1} (${missing?.name ?? '?'})`);
  }
  if (given.length > def.path.length) {
    throw new SystemError(503, `Too many path entries: ${def.name} takes ${def.path.length}`);
  }
  return def.path.map((p, i) => {
    let v = given[i] ?? '';
    if (p.kind === 'domain') {
      // A full URL or a trailing dot stands for its host name (published plugins send both).
      if (/^https?:\/\//i.test(v) && v.length <= 2048) {
        const name = parseSiteName(v);
        if ('domain' in name) v = name.domain;
      }
      v = v.replace(/\.$/, '');
    }
    if (v.length > 1024 || !regex(p.re).test(v)) {
      throw new SystemError(503, `Path parameter ${i + 1} (${p.name}) is not valid`);
    }
    return v;
  });
}

/**
 * Named arguments against their expressions (argv and flags). Names the method
 * does not know are ignored, as the real service evidently does; the lookup is
 * by own entries only, so `toString` or `constructor` is just unknown.
 */
export function validateArgs(def: MethodDef, args: ReadonlyMap<string, string>): void {
  for (const [name, value] of args) {
    const re = argumentPattern(def, name);
    if (re !== undefined && !regex(re).test(value)) throw new SystemError(503, `Argument ${name} is not valid`);
  }
  for (const name of def.requiredArgv ?? []) {
    if (!args.has(name)) throw new SystemError(503, `Missing required argument ${name}`);
  }
}
