/**
 * The shape of a registry entry (docs/partner-api.md#method-metadata, docs/partner-api.md#methods) and the regular expressions
 * several methods share. Isomorphic: no DOM, no Node-only imports.
 *
 * Regular expressions are kept as source strings (they are published as such by
 * `api_methoddata`, docs/partner-api.md#method-metadata) and compiled with the `u` flag, so `\p{L}` works
 * for UTF-8 domain names.
 */

/** One path parameter (docs/partner-api.md#methods "numbered (path) parameters"). */
interface PathParam {
  readonly name: string;
  /** Regular expression the decoded entry must match. */
  readonly re: string;
  /** What the entry holds; the sandbox reads a `domain` liberally (a full URL stands for its host). */
  readonly kind: 'email' | 'domain' | 'otp' | 'text' | 'method' | 'option' | 'value';
}

export type KeyKind = 'app' | 'signin';

/**
 * One method error (docs/partner-api.md#method-errors). Its code is errprefix·1000 + 900 + its position
 * in the method's list (docs/partner-api.md#error-rules rule 5), so the list keeps the spec's order;
 * code everywhere else names the error by `name`, never by position.
 */
interface ErrorDef {
  readonly name: string;
  readonly message: string;
}

export interface MethodDef {
  readonly name: string;
  readonly description: string;
  /** 3-digit prefix of method error codes (docs/partner-api.md#error-rules rule 5). */
  readonly errprefix: number;
  /** The method's errors in the spec's order: codes errprefix·900, ·901, … */
  readonly errors: readonly ErrorDef[];
  readonly path: readonly PathParam[];
  /** Named GET arguments that take a value: name → regular expression. */
  readonly argv: Readonly<Record<string, string>>;
  /** Named GET arguments the method cannot do without (docs/partner-api.md#methods: marked *). */
  readonly requiredArgv?: readonly string[];
  /** Named GET arguments whose presence alone enables them ([name[=1]]). */
  readonly flags: readonly string[];
  /** POST arguments: name → regular expression (JSON object bodies). */
  readonly post?: Readonly<Record<string, string>>;
  /** POST arguments the body must carry (docs/partner-api.md#agency-record: title and email). */
  readonly requiredPost?: readonly string[];
  /** Body the method reads, when it reads one. */
  readonly body?: 'agency' | 'sites' | 'any';
  /** Restricted HTTP methods (docs/partner-api.md#method-metadata httpMethods); absent = GET and POST. */
  readonly httpMethods?: readonly ('GET' | 'POST')[];
  /** The method answers raw content, never the JSON envelope (docs/partner-api.md#method-metadata alwaysRaw). */
  readonly alwaysRaw?: boolean;
  /** Key kinds that may call the method; others get system error 505 (docs/partner-api.md#system-errors). */
  readonly keys: readonly KeyKind[];
}

const EMAIL_CORE = String.raw`[^\s@/<>"',;:\\\p{Cc}\p{Cf}]{1,64}@[^\s@/<>"',;:\\\p{Cc}\p{Cf}]{1,190}\.[^\s@/<>"',;:\\.\p{Cc}\p{Cf}]{2,63}`;

// Regular expressions, shared by several methods.
export const RE = {
  /**
   * No control characters (they would reach consoles and logs raw), no invisible formatting
   * characters (a right-to-left override would make one address read as another), no
   * separators a header or path would split on.
   */
  email: `^${EMAIL_CORE}$`,
  /** An e-mail or nothing (optional e-mail fields of a body). */
  optionalEmail: `^(?:${EMAIL_CORE})?$`,
  // A UTF-8 (or ASCII/punycode) host name: labels of letters, digits, marks and hyphens.
  domain: String.raw`^(?=.{1,253}$)(?:[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?\.)+[\p{L}\p{M}][\p{L}\p{N}\p{M}-]{0,62}$`,
  otp: String.raw`^[0-9]{4,12}$`,
  /** A method name as the sandbox accepts it in a path (docs/partner-api.md#requests `<method>`). */
  methodName: String.raw`^[a-z_]{1,40}$`,
  flag: String.raw`^(|0|1|true|false|on|off|yes|no)$`,
  // Free text: [\s\S], not `.`, which with the `u` flag stops at line breaks (docs/partner-api.md#common-methods "any value").
  any: String.raw`^[\s\S]*$`,
} as const;

export const BOTH = ['app', 'signin'] as const satisfies readonly KeyKind[];
export const SIGNIN = ['signin'] as const satisfies readonly KeyKind[];

/** "Database error", the first error of most writing methods (docs/partner-api.md#method-errors). */
export const DB_ERROR = { name: 'dbError', message: 'Database error' } as const;

const compiled = new Map<string, RegExp>();

/** Compile a registry expression (all carry the `u` flag), once. */
export function regex(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}
