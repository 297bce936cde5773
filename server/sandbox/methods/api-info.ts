/** docs/partner-api.md#api_methodlist: api_methodlist, api_methoddata, api_keyinfo, api_userinfo. */
import { getMethod, METHODS, type MethodDef } from '../../../src/api/registry.ts';
import { RE } from '../../../src/api/registry/define.ts';
import { keyInfo } from '../accounts.ts';
import type { Call } from '../call.ts';

function available(call: Pick<Call, 'key'>): MethodDef[] {
  return METHODS.filter((m) => (m.keys as readonly string[]).includes(call.key.kind));
}

/** docs/partner-api.md#api_methodlist: the methods this key may call. */
export function apiMethodList(call: Call<'api_methodlist'>) {
  return available(call).map((m) => m.name);
}

/** docs/partner-api.md#method-metadata: what api_methoddata publishes of a registry entry. */
function methodData(def: MethodDef) {
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
    // Method-specific additions (docs/partner-api.md#method-metadata allows them).
    ...(def.flags.length ? { flags: def.flags } : {}),
    ...(def.body === 'sites' ? { body: 'JSON array of domain names or {name, share} objects' } : {}),
    ...(def.body === 'agency' ? { body: 'JSON object: the agency record (docs/partner-api.md#agency-record)' } : {}),
  };
}

/** docs/partner-api.md#api_methoddata. */
export function apiMethodData(call: Call<'api_methoddata'>) {
  const name = call.path[0] ?? '';
  const def = getMethod(name);
  if (!def || !available(call).includes(def)) {
    throw call.fail('unknownMethod', `No method "${name}" is available to this key`);
  }
  return methodData(def);
}

/** docs/partner-api.md#api_keyinfo: the metadata of the key in use. */
export function apiKeyInfo(call: Call<'api_keyinfo'>) {
  return keyInfo(call.state, call.key);
}

/**
 * docs/partner-api.md#api_userinfo: the user behind the key, or null. The fields observed
 * in real use (docs/architecture.md#what-the-api-does-not-give), plus `postpaid` and `subscription` (0/1 from the
 * plan), which published plugins read to show the firewall and cleanup controls.
 */
export function apiUserInfo(call: Call<'api_userinfo'>) {
  const user = call.user;
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    login: user.login,
    regdate: user.regdate,
    billtype: 'partner',
    free: 0,
    postpaid: user.postpaid,
    subscription: user.subscription,
    clientfile: user.syncfile_name,
    avatar: '',
    sitelimit: user.site_limit,
    features: user.features.split(',').filter(Boolean),
  };
}
