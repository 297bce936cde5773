/**
 * A sites_add the plan will refuse costs the same whatever the names'
 * form. Over real HTTP, 10,000 entries in each form are refused (141900) without
 * one entry going through the full check (names.ts siteNameChecks); the time
 * figures are the bench's (`npm run bench -- sandbox`), not asserted here. And the quick reading (site-count.ts quickHost) agrees with the
 * full check on every name it is sure of.
 */
import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { quickHost } from './methods/site-count.ts';
import { parseSiteName, siteNameChecks } from './names.ts';
import { freshHttpSandbox } from './testing.ts';

const FORMS: ReadonlyArray<readonly [string, (i: number) => unknown]> = [
  ['plain', (i) => `p${i}.example`],
  ['user part URL', (i) => `https://u@p${i}.example/`],
  ['long URL', (i) => `https://p${i}.example/${'a'.repeat(120)}?${'q'.repeat(40)}`],
  ['UTF-8 IDN', (i) => `bücher-${i}.example`],
  ['xn--', (i) => domainToASCII(`bücher-${i}.example`)],
  ['long form, user part', (i) => ({ name: `HTTP://user:pw@P${i}.Example:8080/x` })],
];

describe('sites_add over the plan, in every name form', () => {
  it('is refused before any entry takes the full check', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, 3);
    for (const [form, name] of FORMS) {
      const body = Array.from({ length: 10_000 }, (_, i) => name(i));
      const before = siteNameChecks.count;
      const answer = await bed.call('/api/sites_add/', { key: account, body });
      expect(answer.envelope.error, form).toBe(141900);
      expect(answer.envelope.errorinfo, form).toMatch(
        /^The plan allows 1000 sites; the account has 3 and this call adds at least \d+$/,
      );
      // The structural proof: no entry reached the URL parser and the full check.
      expect(siteNameChecks.count - before, form).toBe(0);
    }
    expect((await bed.listSites(account)).length).toBe(3);
  });

  it('still takes a call of the same forms the plan allows, each name once', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const body = FORMS.flatMap(([, name]) => [name(1), name(2)]);
    expect(await bed.addSites(account, body)).toEqual({});
    const hosts = (await bed.listSites(account)).map((s) => s.host).sort();
    expect(hosts).toEqual(
      ['p1.example', 'p2.example', domainToASCII('bücher-1.example'), domainToASCII('bücher-2.example')].sort(),
    );
  });
});

describe('the quick reading of a site name', () => {
  const names = [
    'Example.COM',
    'example.com.',
    'https://u@p1.example/',
    'https://a@b@c.example/path',
    'https://c.example:8080',
    'https://c.example:99999/',
    'https://c.example:/x',
    'http://c.example?x#y',
    'http://c.example\\path',
    'http:///c.example',
    'https://%63.example/',
    'https://c.ex\tample/',
    'ftp://c.example',
    'c.example:443/path',
    'c.example:abc',
    'a.0x1f',
    'a.123',
    '1.2.3.4',
    '[::1]',
    'bücher.example',
    'BÜCHER.example',
    'ＥＸＡＭＰＬＥ.com',
    'xn--bcher-kva.example',
    'xn--zz.example',
    'bob\u00adsite.example',
    'bob\u200bsite.example',
    'bob\u202esite.example',
    'https://bob\u2066x.example/',
    '-bad.example',
    'a..b',
    'nodot',
    `${'a'.repeat(64)}.example`,
    `${'a.'.repeat(130)}example`,
    `https://p.example/${'x'.repeat(3000)}`,
    '  spaced.example  ',
  ];
  it.each(names)('agrees with the full check on %j whenever it is sure', (name) => {
    const quick = quickHost(name);
    const full = parseSiteName(name);
    if (quick !== null) expect('host' in full ? full.host : full).toBe(quick);
  });

  it('is sure of the forms a flood uses', () => {
    for (const [, name] of FORMS) {
      const entry = name(7);
      const text = typeof entry === 'string' ? entry : (entry as { name: string }).name;
      expect(quickHost(text)).not.toBeNull();
    }
  });
});
