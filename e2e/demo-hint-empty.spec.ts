import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  startSecondServer,
  temporaryDirectory,
  type RunningServer,
  type TemporaryDirectory,
} from '../test-support/servers.ts';

/**
 * A sandbox without the demo account (SANDBOX_SEED=empty, a fresh database):
 * a second server, the real `server/main.ts` reusing the SPA build of the
 * first. /sandbox/health answers demoEmail null, so the login page names no
 * demo e-mail, while the outbox (a sandbox feature) still works.
 */
// One server for the file's tests: they run in order in one worker (the suite is otherwise fully parallel).
test.describe.configure({ mode: 'default' });
let dir: TemporaryDirectory | undefined;
let server: RunningServer | undefined;
let origin = '';

test.beforeAll(async () => {
  // Made here, not at load time: Playwright also loads this file to list the tests.
  dir = temporaryDirectory('e2e-empty-');
  server = await startSecondServer({
    SANDBOX_DB: join(dir.path, 'sandbox.sqlite'),
    SANDBOX_SEED: 'empty',
    SANDBOX_QUIET: '1',
  });
  origin = server.origin;
});

test.afterAll(async () => {
  // Stopped first: the server closes its database, then its folder goes.
  await server?.stop();
  dir?.remove();
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
