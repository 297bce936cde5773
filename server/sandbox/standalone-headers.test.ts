/**
 * The security headers of `npm run sandbox`: every answer of its own process
 * (server/sandbox/main.ts) carries them, the envelope, raw text, the sync file,
 * pages, refusals and the HTTP adapter's early 400 alike. A cold start of a Node
 * process: in the wide suite (vitest.config.ts), beside the other tests that start
 * whole processes; the host allowlist is in standalone.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { spawnSandbox } from './testing-child.ts';
import { rawHttp } from './testing-http.ts';

const REBIND = 'rebind.attacker.example';

describe('the security headers of npm run sandbox', () => {
  // One cold start of `npm run sandbox`'s own entry (server/sandbox/main.ts).
  it(
    'are on every answer: envelope, raw text, the sync file, pages, refusals and the early 400',
    { timeout: 60_000 },
    async () => {
      const child = await spawnSandbox({ SANDBOX_PUBLIC_URL: 'http://sandbox.partner.example:8080' });
      try {
        const { bed, base } = child;
        const account = await bed.signUpAndIn('headers@partner.example');
        expect(account.signin.syncfile.download.startsWith('http://sandbox.partner.example:8080/')).toBe(true);
        const dashboard = new URL(z.string().parse(await bed.ok('/api/dashboard/', { key: account })));
        const answers: [string, Response][] = [
          ['envelope', await bed.raw('/api/api_keyinfo/', { key: account })],
          ['error envelope', await bed.raw('/api/nothing/')],
          ['api_test raw=1', await bed.raw('/api/api_test/a/1/b/?str=s&int=1&raw=1', { key: bed.appKey })],
          ['syncfile_get', await bed.raw('/api/syncfile_get/', { key: account })],
          ['syncfile_get error', await bed.raw('/api/syncfile_get/')],
          ['health', await bed.transport.request('/sandbox/health')],
          ['outbox', await bed.transport.request('/sandbox/outbox?to=x%40partner.example')],
          ['dashboard page', await bed.transport.request(`${dashboard.pathname}${dashboard.search}`)],
          ['not found', await bed.transport.request('/nothing')],
          ['foreign host', await bed.transport.request('/sandbox/health', { headers: { host: REBIND } })],
          ['backslash', await rawHttp(base, '/api/sites_list/a\\b/')],
          ["the adapter's 400 for a backslash outside the API", await rawHttp(base, '/sandbox/a\\b')],
          ["the adapter's 400 for a target it cannot read", await rawHttp(base, '*')],
        ];
        expect(answers.find(([name]) => name === 'api_test raw=1')?.[1].headers.get('content-type')).toMatch(
          /^text\/plain/,
        );
        expect(answers.find(([name]) => name === 'backslash')?.[1].status).toBe(200);
        expect(answers.filter(([, res]) => res.status === 400)).toHaveLength(2);
        for (const [name, res] of answers) {
          expect(res.headers.get('content-security-policy'), name).toBe(
            "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          );
          expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
          expect(res.headers.get('referrer-policy'), name).toBe('no-referrer');
        }
      } finally {
        child.child.kill('SIGTERM');
        await child.exited;
      }
    },
  );
});
