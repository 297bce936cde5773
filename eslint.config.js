import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Lines of code a file may hold; tests more (see their rule below). lint/max-lines.test.ts proves both. */
const MAX_LINES = 300;
const MAX_TEST_LINES = 500;

/** Every feature area (src/features/<area>): each is a zone of its own. */
const featureAreas = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The architecture as lint rules (docs/architecture.md#layers-and-import-rules); a test
 * proves each zone is active (lint/zones.test.ts). Paths are relative to this file.
 */
const zones = [
  {
    target: './src',
    from: './server',
    message: 'The SPA never imports the server; shared code lives in src/api.',
  },
  ...featureAreas.map((area) => ({
    target: `./src/features/${area}`,
    from: './src/features',
    except: [`./${area}`],
    message: 'Features never import each other: move what they share to src/data, src/components, src/lib or src/api.',
  })),
  {
    target: ['./src/lib', './src/components', './src/data', './src/i18n'],
    from: './src/features',
    message: 'Shared code (src/lib, src/components, src/data, src/i18n) imports no feature.',
  },
  {
    target: './src/data',
    from: ['./src/components', './src/routes'],
    message: 'The shared data layer (src/data) holds queries and mutations, no components.',
  },
  {
    target: './src/i18n',
    from: ['./src/lib', './src/components', './src/data'],
    message: 'src/i18n sits below src/lib, src/components and src/data: they import it, it imports none of them.',
  },
  {
    target: './src/platform',
    from: './src',
    except: ['./platform'],
    message: "src/platform (the browser's APIs, made safe to call) is the SPA's floor: it imports nothing from src/.",
  },
  {
    target: './src/api',
    from: './src',
    except: ['./api'],
    message: 'The fetch layer (src/api) is isomorphic: it imports nothing from the SPA.',
  },
  {
    target: './server/sandbox',
    from: './server/proxy',
    message: 'The sandbox and the proxy never import each other; only the composition root (server/*.ts) imports both.',
  },
  {
    target: './server/proxy',
    from: './server/sandbox',
    message: 'The proxy and the sandbox never import each other; only the composition root (server/*.ts) imports both.',
  },
];

/** Globals only a browser page has: the fetch layer runs in Node too (docs/architecture.md#signing-fetch-layer). */
const DOM_ONLY_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'Element',
  'Node',
  'CustomEvent',
  'MutationObserver',
  'IntersectionObserver',
  'requestAnimationFrame',
  'matchMedia',
  'alert',
].map((name) => ({
  name,
  message: 'src/api runs in Node too (docs/architecture.md#signing-fetch-layer): no browser-only globals.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.data',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      // Deliberate violations, linted on purpose by lint/zones.test.ts only.
      'lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // import-x reads the modules it follows (no-cycle) only with these, TypeScript included.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A file holds one responsibility: past 300 lines of code, split it by responsibility
    // (lint/max-lines.test.ts). Comments and blank lines do not count: they carry the reasons,
    // and a limit that counted them would cut explanations rather than split code.
    files: ['**/*.{ts,tsx,js}'],
    rules: { 'max-lines': ['error', { max: MAX_LINES, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests are lists of cases that each read alone, their setup repeated on purpose: they may be
    // longer, but one past 500 lines of code covers more than one subject.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: MAX_TEST_LINES, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The fetch layer is isomorphic (docs/architecture.md#signing-fetch-layer): no Node, no React, no DOM.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom', 'react-dom/*', 'react/*'] }],
      'no-restricted-globals': ['error', ...DOM_ONLY_GLOBALS],
      // Node loads it too (the sandbox, the proxy, Vite's config loader): imports name their file.
      'import-x/extensions': ['error', 'always', { ignorePackages: true, checkTypeImports: true }],
    },
  },
);
