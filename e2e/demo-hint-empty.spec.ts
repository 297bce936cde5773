import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * A sandbox without the demo account (SANDBOX_SEED=empty, a fresh database):
 * a second server, the real `server/main.ts` reusing the SPA build of the
 * first. /sandbox/health answers demoEmail null, so the login page names no
 * demo e-mail, while the outbox (a sandbox feature) still works.
 */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

let server: ChildProcess | undefined;
let origin = '';

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PARTNER_API_URL: '',
      SANDBOX_DB: join(mkdtempSync(join(tmpdir(), 'e2e-empty-')), 'sandbox.sqlite'),
      SANDBOX_SEED: 'empty',
      SANDBOX_CONTROL: '0',
      SANDBOX_QUIET: '1',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('a sandbox without the demo account shows no demo hint', async ({ page }) => {
  const health = page.waitForResponse((res) => new URL(res.url()).pathname === '/sandbox/health');
  await page.goto(`${origin}/login`);
  // The page asked, and the sandbox said there is no demo account.
  expect(await (await health).json()).toMatchObject({ ok: true, demoEmail: null });
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/Demo: sign in as/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use the demo e-mail' })).toHaveCount(0);
});
