import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, defineConfig, devices } from '@playwright/test';
import { chromiumExecutable } from './test-support/chromium.ts';
import { serverEnv, temporaryDirectory } from './test-support/servers.ts';

/**
 * End-to-end tests drive real Chromium against the real server (`npm start`):
 * the proxy, the SPA build and the in-process sandbox with a fresh database.
 * CHROMIUM_PATH is used when set, else Playwright's own Chromium when
 * installed, else `chromium` on PATH, else Debian's /usr/bin/chromium
 * (test-support/chromium.ts).
 */

// Chosen once in the main process; workers inherit the environment. Each may be
// pinned on its own (E2E_PORT=9000 still gets a fresh database).
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
if (!process.env.E2E_DB) {
  const dir = temporaryDirectory('e2e-sandbox-');
  process.env.E2E_DB = join(dir.path, 'sandbox.sqlite');
  // The process that made it removes it when it exits, after Playwright has
  // stopped the web server (a globalTeardown would run while it still has the
  // database open). Workers inherit E2E_DB and make none.
  process.once('exit', () => dir.remove());
}
// The sandbox's application key, stated for the server and for the tests alike
// (e2e/support/session.ts reads SANDBOX_APP_KEY from the environment workers inherit).
process.env.SANDBOX_APP_KEY = 'sandbox-application-key';
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // Every test has an account of its own (or reads the demo account through one shared
  // session, e2e/support/session.ts), and control actions are scoped to an e-mail: tests run in
  // parallel. E2E_WORKERS overrides the count.
  fullyParallel: true,
  // Three workers on 2 cores: a test spends much of its time waiting on the browser and the
  // server, and a third fills those waits (npm test 125 → 110 s idle). E2E_WORKERS=1 runs in order.
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Generous, so the suite stays green on a busy machine (load average 8 and more, where
  // one test took over a minute): waits are for states, and a state that never comes
  // still fails, only later.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    // A trace records every action's DOM and screenshots: on 2 cores that costs more than
    // the test. Recorded on a retry (CI retries once), or asked for: `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(() => chromium.executablePath()),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // No optimizing tiers (TurboFan, Maglev): a test's page lives seconds, and compiling
        // its hot functions again each time cost more than it saved (the suite's renderer CPU
        // 121 → 93 s on 2 cores). Semantics are the same; the benches keep the browser's defaults.
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  // core: what `npm test` runs (`npm run test:e2e`); wide: the tests tagged @wide (the
  // looks of every page in three more variants, every page in German; e2e/support/look.ts),
  // run by .ci/run after `npm test` (`npm run test:wide`). A file named on the command
  // line runs in both, so all its tests run.
  projects: [
    { name: 'core', use: { ...devices['Desktop Chrome'] }, grepInvert: /@wide/ },
    { name: 'wide', use: { ...devices['Desktop Chrome'] }, grep: /@wide/ },
  ],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Playwright spreads these over process.env: serverEnv blanks every server
    // setting of the shell (PARTNER_API_URL, PUBLIC_URL, SANDBOX_*, …) first, so
    // the tests run against the sandbox configured here and nothing else.
    env: serverEnv({
      PORT: String(port),
      // baseURL's address; also the default in sandbox mode.
      HOST: '127.0.0.1',
      SANDBOX_DB: process.env.E2E_DB,
      SANDBOX_APP_KEY: process.env.SANDBOX_APP_KEY,
      SANDBOX_SEED: 'demo',
      SANDBOX_CONTROL: '1',
      SANDBOX_SCAN_SECONDS: '1',
      // No chance in the simulation decides what a test reads: a clean site's report has no
      // scan error unless its name says so (docs/sandbox.md).
      SANDBOX_SCAN_ERROR_PERCENT: '0',
      // The suite signs in dozens of times from one address, often as the demo
      // account, and tries wrong codes on purpose: the sign-in limits (strict by
      // default, README "Security") are raised so that it never meets them.
      LOGIN_LIMIT_CODES_PER_EMAIL: '1000/1m',
      LOGIN_LIMIT_WRONG_CODES_PER_EMAIL: '1000/1m',
      LOGIN_LIMIT_CODES_PER_ADDRESS: '1000/1m',
      LOGIN_LIMIT_WRONG_CODES_PER_ADDRESS: '1000/1m',
      // Every test signs in from 127.0.0.1, the demo account many times: the sandbox's
      // one-time-password limits (strict by default, docs/sandbox.md) are raised for the suite.
      SANDBOX_LIMIT_OTP_PER_EMAIL: '10000',
      SANDBOX_LIMIT_OTP_PER_ADDRESS: '10000',
      SANDBOX_LIMIT_WRONG_OTP_PER_EMAIL: '10000',
      SANDBOX_LIMIT_WRONG_OTP_PER_ADDRESS: '10000',
      // Each worker and "Try the demo" test makes a demo account of its own from 127.0.0.1.
      SANDBOX_DEMO_SESSIONS_PER_ADDRESS: '10000',
      SANDBOX_DEMO_COPIES: '10000',
      // Idle connections kept a minute, not the server's 5 s: Playwright's own requests
      // (route.fetch, the request fixture) reuse kept-alive connections, and one reused just as the
      // server closed it fails the test with ECONNRESET (seen on a busy machine).
      HTTP_KEEP_ALIVE_TIMEOUT: '60',
    }),
  },
});
