/**
 * Hostile input, over real HTTP: bodies nested too deep are refused
 * before any handler runs and change nothing; arguments named like Object
 * members are unknown arguments like any other; control characters never pass
 * as e-mail addresses, and what a request makes the sandbox print is escaped.
 */
import { describe, expect, it } from 'vitest';
import { METHODS, type MethodName } from '../../src/api/registry.ts';
import { DEFAULT_LIMITS } from './config.ts';
import { enc, freshHttpSandbox, type Account, type CallOptions, type TestBed } from './testing.ts';

/** `{"x":{"x":…1…}}`, `depth` objects deep. */
function nested(depth: number): string {
  let json = '1';
  for (let i = 0; i < depth; i++) json = `{"x":${json}}`;
  return json;
}

const json = { 'content-type': 'application/json' };

describe('JSON bodies nested too deep', () => {
  it('are refused with 503 before agency_update runs, and the agency is unchanged', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account, { title: 'Before' });
    // About 8 KB: the body that used to be written, then answered 501 when echoing it overflowed the stack.
    const deep = `{"title":"After","email":"after@partner.example","extra":${nested(4150)}}`;
    const answer = await bed.call('/api/agency_update/', { key: account, body: deep, headers: json });
    expect(answer.envelope).toMatchObject({ error: 503, method: 'agency_update', result: null });
    expect(answer.envelope.errorinfo).toBe('The JSON body is nested more than 64 levels deep');
    expect(await bed.ok('/api/agency_view/', { key: account })).toMatchObject({ title: 'Before' });
  });

  it('are refused for sites_add too; 64 levels are read, and echoed by agency_update', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const sites = `["a.example",{"name":"b.example","more":${nested(100)}}]`;
    expect((await bed.call('/api/sites_add/', { key: account, body: sites, headers: json })).envelope.error).toBe(503);
    expect(await bed.listSites(account)).toEqual([]);
    // The object itself is level 1: 63 more fit.
    const fits = `{"title":"Deep","email":"deep@partner.example","extra":${nested(63)}}`;
    const answer = await bed.call('/api/agency_update/', { key: account, body: fits, headers: json });
    expect(answer.envelope.error).toBe(0);
    expect(answer.envelope.result).toEqual(JSON.parse(fits));
    // Brackets inside strings are text, not nesting.
    const text = `{"title":"${'[{'.repeat(90)}\\"","email":"deep@partner.example"}`;
    expect((await bed.call('/api/agency_update/', { key: account, body: text, headers: json })).envelope.error).toBe(0);
    expect(
      (await bed.call('/api/agency_update/', { key: account, body: text.replace('"title"', '"note"'), headers: json }))
        .envelope.errorinfo,
    ).toBe('title is required');
  });
});

/** Names inherited by every object (prototype pollution). */
const OBJECT_MEMBERS = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__defineGetter__', '__proto__'];

/** A request to each method that its key may make, with `arg` added to the query. */
function requestOf(method: MethodName, account: Account, bed: TestBed, arg: string): [string, CallOptions] {
  const q = (base: string) => `${base}${base.includes('?') ? '&' : '?'}${arg}=1`;
  const user = { key: account };
  const targets: Record<MethodName, [string, CallOptions]> = {
    signup: [q(`/api/signup/${enc(`probe-${arg}@partner.example`)}/`), { key: bed.appKey }],
    signin: [q(`/api/signin/${enc('probe@partner.example')}/000000/`), { key: bed.appKey }],
    signout: [q('/api/signout/'), { key: bed.appKey }],
    dashboard: [q('/api/dashboard/'), user],
    agency_update: [q('/api/agency_update/'), { ...user, body: { title: 'T', email: 't@partner.example' } }],
    agency_delete: [q('/api/agency_delete/?ignore'), user],
    agency_view: [q('/api/agency_view/'), user],
    unit_update: [q(`/api/unit_update/${enc('u@unit.example')}/${enc('v@unit.example')}/`), user],
    unit_delete: [q(`/api/unit_delete/${enc('u@unit.example')}/?ignore`), user],
    sites_add: [q('/api/sites_add/'), { ...user, body: ['a.example'] }],
    sites_list: [q('/api/sites_list/?withscanreport'), user],
    site_delete: [q('/api/site_delete/none.example/?ignore'), user],
    site_unshare: [q(`/api/site_unshare/${enc('u@unit.example')}/a.example/`), user],
    site_setoption: [q('/api/site_setoption/a.example/permissions/7/'), user],
    site_scan: [q('/api/site_scan/a.example/'), user],
    syncfile_get: [q('/api/syncfile_get/'), user],
    api_methodlist: [q('/api/api_methodlist/'), user],
    api_methoddata: [q('/api/api_methoddata/sites_list/'), user],
    api_keyinfo: [q('/api/api_keyinfo/'), user],
    api_userinfo: [q('/api/api_userinfo/'), user],
    api_test: [q('/api/api_test/abc/1/x/?str=s&int=1'), { key: bed.appKey }],
  };
  return targets[method];
}

describe('arguments named like Object members', () => {
  it('answer like any unknown argument on every method, syncfile_get included', async () => {
    const bed = await freshHttpSandbox({ limits: { ...DEFAULT_LIMITS, otpPerEmail: 100, otpPerAddress: 1000 } });
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    for (const def of METHODS) {
      const answer = async (arg: string) => {
        const [target, opts] = requestOf(def.name, account, bed, arg);
        const res = await bed.raw(target, opts);
        const text = await res.text();
        return { status: res.status, error: 'alwaysRaw' in def ? null : (JSON.parse(text) as { error: number }).error };
      };
      const unknown = await answer('unknownargument');
      expect(unknown.status, def.name).toBe(200);
      for (const member of OBJECT_MEMBERS) {
        expect(await answer(member), `${def.name} ?${member}=1`).toEqual(unknown);
      }
    }
  });

  it('are echoed by api_test as the arguments they are', async () => {
    const bed = await freshHttpSandbox();
    const target = `/api/api_test/abc/1/x/?str=s&int=1&${OBJECT_MEMBERS.map((m) => `${m}=${m.length}`).join('&')}`;
    const answer = await bed.call(target, { key: bed.appKey });
    expect(answer.envelope.error).toBe(0);
    // JSON.parse makes every key an own property, "__proto__" included.
    const echoed = JSON.parse(answer.text) as { result: { QUERY: object } };
    for (const member of OBJECT_MEMBERS) {
      expect(Object.hasOwn(echoed.result.QUERY, member), member).toBe(true);
    }
    expect(Object.getOwnPropertyDescriptor(echoed.result.QUERY, '__proto__')?.value).toBe('9');
  });
});

describe('control characters', () => {
  it('are refused in e-mail path entries, share e-mails and the agency e-mail', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    const signup = await bed.call('/api/signup/x%1B%5B8m@example.com/', { key: bed.appKey });
    expect(signup.envelope).toMatchObject({ error: 503, errorinfo: 'Path parameter 1 (email) is not valid' });
    expect(await bed.outbox('x\u001b[8m@example.com')).toEqual([]);
    expect((await bed.call('/api/unit_delete/u%07@unit.example/', { key: account })).envelope.error).toBe(503);
    const added = await bed.addSites(account, [{ name: 'a.example', share: 'u\u0000@unit.example' }]);
    expect(added).toEqual({ 0: 'The share e-mail is not a valid e-mail address' });
    const agency = await bed.call('/api/agency_update/', {
      key: account,
      body: { title: 'T', email: 'a\u001b@partner.example' },
    });
    expect(agency.envelope).toMatchObject({ error: 503, errorinfo: 'email is not valid' });
  });

  it('from a request never reach the console raw: an e-mail holding a format character is refused', async () => {
    const lines: string[] = [];
    const bed = await freshHttpSandbox({ quiet: false }, (line) => lines.push(line));
    // U+202E (right-to-left override) would reorder the console line (and a report's "For …").
    const email = 'gpj\u202eexe@partner.example';
    const answer = await bed.call(`/api/signup/${enc(email)}/`, { key: bed.appKey });
    expect(answer.envelope.error).toBe(503);
    expect(lines.filter((line) => line.startsWith('sandbox mail to'))).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/[\p{Cc}\u202e]/u);
    expect(await bed.outbox(email)).toEqual([]);
    // What the console still prints is escaped (printable.ts), a valid address as it is.
    await bed.ok(`/api/signup/${enc('plain@partner.example')}/`, { key: bed.appKey });
    expect(lines.filter((line) => line.startsWith('sandbox mail to'))).toEqual([
      expect.stringMatching(/^sandbox mail to plain@partner\.example: Your one-time password: \d{6}$/),
    ]);
  });
});
