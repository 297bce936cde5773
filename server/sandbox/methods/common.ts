import { METHODS, getMethod, type MethodDef } from '../../../src/api/registry.ts';
import { RE } from '../../../src/api/registry/define.ts';
import { keyInfo } from '../accounts.ts';
import type { Call } from '../call.ts';
import { requireUser } from '../call.ts';
import { MethodError, RawResult, SystemError } from '../errors.ts';

function available(call: Call): MethodDef[] {
  return METHODS.filter((m) => (m.keys as readonly string[]).includes(call.key.kind));
}

/** spec §4.6 api_methodlist: the methods this key may call. */
export function apiMethodList(call: Call) {
  return available(call).map((m) => m.name);
}

/** spec §2.11: what api_methoddata publishes of a registry entry. */
export function methodData(def: MethodDef) {
  const argv: Record<string, string> = { ...def.argv };
  for (const flag of def.flags) argv[flag] = RE.flag;
  return {
    description: def.description,
    ...(def.alwaysRaw ? { alwaysRaw: 1 } : {}),
    ...(def.httpMethods ? { httpMethods: def.httpMethods.join(',') } : {}),
    path: def.path.map((p) => p.re),
    argv,
    ...(def.post ? { post: def.post } : {}),
    errprefix: def.errprefix,
    errors: def.errors.map((e) => e.message),
    // Method-specific additions (spec §2.11 allows them).
    ...(def.flags.length ? { flags: def.flags } : {}),
    ...(def.body === 'sites' ? { body: 'JSON array of domain names or {name, share} objects' } : {}),
    ...(def.body === 'agency' ? { body: 'JSON object: the agency record (spec §2.7)' } : {}),
  };
}

/** spec §4.6 api_methoddata. */
export function apiMethodData(call: Call) {
  const name = call.path[0] ?? '';
  const def = getMethod(name);
  if (!def || !available(call).includes(def))
    throw new MethodError('api_methoddata', 'unknownMethod', `No method "${name}" is available to this key`);
  return methodData(def);
}

/** spec §4.6 api_keyinfo: the metadata of the key in use. */
export function apiKeyInfo(call: Call) {
  return keyInfo(call.state, call.key);
}

/** spec §4.6 api_userinfo: the user behind the key, or null. */
export function apiUserInfo(call: Call) {
  const user = call.user;
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    login: user.login,
    regdate: user.regdate,
    billtype: 'partner',
    free: 0,
    clientfile: user.syncfile_name,
    avatar: '',
    sitelimit: user.site_limit,
    features: user.features.split(',').filter(Boolean),
  };
}

/** Headers are echoed, but the key and signature cookies are not (they would end up in the DOM). */
function echoHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = name === 'cookie' ? value.replace(/(apikey|apimac)=[^;]*/g, '$1=<hidden>') : value;
  });
  return out;
}

/** api_test arguments whose expressions allow only integers (registry argv). */
const NUMERIC_ARGS = new Set(['int', 'nullint', 'err', 'raw']);

/**
 * spec §4.6 api_test. err: 1 → 100900, 2 → 100901, 500–505 → that system error,
 * any other non-zero value → 100900 (the spec leaves the mapping open).
 * raw: non-zero → only the result, as text.
 */
export function apiTest(call: Call) {
  const [item1 = '', item2 = '', item3 = ''] = call.path;
  const err = Number(call.args.get('err') ?? '0');
  const raw = Number(call.args.get('raw') ?? '0') !== 0;
  if (err !== 0) {
    if (err >= 500 && err <= 505) throw new SystemError(err as 500, `api_test err=${err}`);
    throw new MethodError('api_test', err === 2 ? 'testError1' : 'testError0', `api_test err=${err}`);
  }
  // The numeric arguments echo as numbers, the others as the strings received; nullint is null when absent.
  const query: Record<string, string | number | null> = {};
  for (const [k, v] of call.args) query[k] = NUMERIC_ARGS.has(k) ? Number(v) : v;
  if (!call.args.has('nullint')) query.nullint = null;
  const result = {
    REQUEST_URI: call.target,
    PATH: [item1, item2, item3],
    QUERY: query,
    HEADERS: echoHeaders(call.headers),
    POST: { TYPE: call.contentType, LENGTH: call.bodyLength, DATA: call.rawBody },
    FILES: [],
  };
  if (raw) return new RawResult(JSON.stringify(result), { 'Content-Type': 'text/plain; charset=utf-8' });
  return result;
}

/** spec §4.5 syncfile_get: raw PHP, the name in X-Filename and Content-Disposition. */
export function syncfileGet(call: Call) {
  const user = requireUser(call);
  return new RawResult(syncfileContent(user.syncfile_name, user.syncfile_token), {
    'Content-Type': 'application/x-httpd-php; charset=utf-8',
    'X-Filename': user.syncfile_name,
    'Content-Disposition': `attachment; filename="${user.syncfile_name}"`,
  });
}

export function syncfileContent(filename: string, token: string): string {
  return `<?php
/**
 * Site Security synchronization file (sandbox).
 * Upload this file to the root of each site as ${filename}.
 * It lets the scanner and the firewall reach the site. Do not rename it.
 */
define('SSS_SYNC_TOKEN', '${token}');
define('SSS_SYNC_VERSION', '1.0');

if (!isset($_GET['sss_ping'])) {
    http_response_code(404);
    exit;
}
header('Content-Type: application/json');
echo json_encode(array('ok' => true, 'version' => SSS_SYNC_VERSION));
`;
}
