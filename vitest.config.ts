import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One command (`npm run test:unit`), two projects:
// - node: unit and integration tests against the real sandbox and proxy
//   (in-process and over HTTP), and the embedding host helper (embed/);
// - dom: component tests (src/**/*.test.tsx) in jsdom with Testing Library;
//   any console.error fails the test (src/test/setup-dom.ts).
// Real browsers are Playwright's job (e2e/).
/**
 * Tests that start whole processes (npm start, npm run sandbox, npm run demo:reset,
 * npm run bench, a child sandbox killed and restarted), flood a server with thousands
 * of connections and wait out its timeouts, or seed tens of thousands of sites: each
 * costs seconds of both cores, so they run in the wide suite (`npm run test:wide`,
 * which .ci/run runs after `npm test`), not in `npm test`. What they cover in-process
 * (the sandbox's and the proxy's answers, restarts on one database file) stays in
 * `npm test`.
 */
const WIDE_UNIT_TESTS = [
  'server/npm-start-stop.test.ts',
  'server/bench-interrupt.test.ts',
  'server/main.test.ts',
  'server/sandbox/demo-size.test.ts',
  'server/sandbox/demo-reset.test.ts',
  'server/sandbox/persistence-kill.test.ts',
  'server/sandbox/standalone-headers.test.ts',
  'server/integration/header-case.test.ts',
  'server/integration/connections.test.ts',
  'server/slow-flood.test.ts',
];

export default defineConfig({
  test: {
    // Generous: many tests talk to real servers and child processes, and the suite must
    // stay green on a busy machine (load average 8 and more), where a test that takes
    // 2 s idle can take 20. A test that hangs still fails, only later.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state up to 20 s, not Vitest's 1 s: a write recorded in the
    // background took longer than that beside a cold npm test on a slow machine.
    expect: { poll: { timeout: 20_000 } },
    // The files of a worker share its modules instead of loading them anew each (the whole
    // run 110 s → 45 s on 2 cores): every test makes the state it needs (its own sandbox, account, query client,
    // DOM cleaned up after each test) and undoes what it sets globally. Run
    // `npx vitest run --sequence.shuffle` now and then: it finds a test that leans on another.
    isolate: false,
    // Two workers on 2 cores (Vitest's default is one there): many tests wait on real
    // servers, child processes and timeouts, and another file runs in the meantime.
    maxWorkers: 2,
    // Modules transformed once are kept in node_modules/.experimental-vitest-cache for the next
    // run (Vite's transform of the SPA's files is a tenth of the dom project's CPU).
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'lint/**/*.test.ts', 'embed/**/*.test.ts'],
          exclude: [...WIDE_UNIT_TESTS, '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        // The wide suite's part in Vitest (npm run test:wide, after npm test in .ci/run).
        extends: true,
        test: { name: 'wide', include: [...WIDE_UNIT_TESTS], environment: 'node' },
      },
      {
        extends: true,
        plugins: [react()],
        // The same scroll lock as the build (vite.config.ts): tests run the code users get.
        resolve: {
          alias: [
            {
              find: /^react-remove-scroll$/,
              replacement: fileURLToPath(new URL('./src/lib/remove-scroll.tsx', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup-dom.ts'],
          // Through Vite, so the alias reaches Radix's own import of react-remove-scroll.
          server: { deps: { inline: [/@radix-ui/] } },
        },
      },
    ],
  },
});
