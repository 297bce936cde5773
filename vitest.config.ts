import { defineConfig } from 'vitest/config';

// Unit and integration tests run in Node against the real sandbox and proxy
// (in-process and over HTTP); the browser is Playwright's job (e2e/).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'lint/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
