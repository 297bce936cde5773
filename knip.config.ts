import type { KnipConfig } from 'knip';

/**
 * knip (`npm run knip`, in CI's wide part): unused files, dependencies and exports.
 * Vite, Vitest, Playwright, ESLint and the package.json scripts name most entry
 * points themselves; these are the ones knip cannot infer.
 */
const config: KnipConfig = {
  entry: [
    // `npm start` and `npm run sandbox` (package.json), which knip does not read behind `exec`.
    'server/main.ts',
    'server/sandbox/main.ts',
    // Served as modules to pages of other origins (server/embed-plugin.ts): the host helper's
    // exports, types included, are its public API (docs/embedding.md).
    'embed/host.ts',
    'embed/example.ts',
    'embed/example.css',
  ],
  // CSS too: src/index.css imports Tailwind.
  project: ['**/*.{ts,tsx,css}'],
  ignore: [
    // Deliberate violations, linted on purpose by lint/zones.test.ts only.
    'lint/fixtures/**',
  ],
};

export default config;
