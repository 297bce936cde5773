import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { partnerProxyPlugin } from './server/dev-plugin.ts';
import { compileHintsPlugin } from './server/compile-hints-plugin.ts';
import { embedFilesPlugin } from './server/embed-plugin.ts';
import { precompressPlugin } from './server/precompress-plugin.ts';
import { signedInPreloadPlugin } from './server/signed-in-preload-plugin.ts';

/**
 * `<link rel="modulepreload">` in index.html for the login route's chunk and the 'forms' chunk
 * (below), so the browser fetches them alongside the entry rather than after it has run: a
 * signed-out visit shows the login page a round trip sooner. Every page's query hooks are in
 * 'forms'; the login chunk is about 4 KiB a signed-in visit fetches for nothing.
 */
function preloadLoginPage(): Plugin {
  return {
    name: 'preload-login-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) =>
        Object.values(ctx.bundle ?? {})
          .filter(
            (chunk) =>
              chunk.type === 'chunk' &&
              (chunk.name === 'forms' ||
                /[\\/]src[\\/]routes[\\/]login\.tsx\?tsr-split=component/.test(chunk.facadeModuleId ?? '')),
          )
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * The modules of the 'signed-in' chunk (below): what the signed-in pages share, none of what /login
 * loads (its budget). The fetch layer is not among them: the login page's first request loads it
 * (the 'api' chunk).
 */
const SIGNED_IN_SHARED = new RegExp(
  [
    // Radix and its helpers.
    String.raw`node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]`,
    // The data layer; the ui primitives, a site's controls, the fleet's freshness line, the reports' parts.
    String.raw`src[\\/](data|components[\\/](ui|site|fleet|reports))[\\/]`,
    // The chart's frame and table; not its drawing (Recharts), a chunk of its own that loads beside the page's.
    String.raw`src[\\/]components[\\/]charts[\\/](chart-messages|chart-colours|draw-turns|firewall-table|firewall-chart)\.`,
    // The pages' loaders, and the helpers the pages and the shell share (among them the hook that renders
    // a page's lower part just after its first screen).
    String.raw`src[\\/]routes[\\/]-page-loads\.`,
    String.raw`src[\\/]lib[\\/](use-shown-after-first|broken-images|download-text|open-dashboard|use-debounced-value|use-element-width|use-keep-place)\.`,
    String.raw`src[\\/]features[\\/](overview[\\/]fleet-query|units[\\/]messages|auth[\\/]use-sign-out)\.`,
    String.raw`src[\\/]i18n[\\/]method-error-messages\.`,
    // The activity table: the site page's recent changes and the Activity page.
    String.raw`src[\\/]features[\\/]activity[\\/](messages|entry-words|components[\\/](activity-states|activity-table))\.`,
  ].join('|'),
);

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component: the page needs both, and the loaders'
      // query options stay out of the entry the login page loads (the /login budget, docs/decisions/004-zod-mini-in-the-fetch-layer.md).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['pendingComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    partnerProxyPlugin(),
    preloadLoginPage(),
    signedInPreloadPlugin(),
    // The chunks a page runs whole as it loads, compiled off the main thread (V8's compile hints).
    compileHintsPlugin(),
    // Brotli copies of the built files, so the server compresses none while a person waits.
    precompressPlugin(),
    // The host helper for hoster panels' pages, at /embed/host.js (docs/embedding.md).
    embedFilesPlugin(fileURLToPath(new URL('./embed', import.meta.url))),
  ],
  resolve: {
    // Radix's scroll lock writes a <style> element the CSP refuses; ours uses the CSSOM (src/lib/remove-scroll.tsx).
    alias: [
      {
        find: /^react-remove-scroll$/,
        replacement: fileURLToPath(new URL('./src/lib/remove-scroll.tsx', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    // Every browser the dashboard supports (es2022) has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry loads on every page in one chunk rather than a
          // dozen small shared ones, which gzip each on its own (the /login budget, docs/decisions/004-zod-mini-in-the-fetch-layer.md).
          groups: [
            { name: 'app', tags: ['$initial'] },
            // zod, which /login does without until a form is checked (src/lib/search-params.ts,
            // src/lib/session.ts): a chunk of its own, not one of the groups below.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The fetch layer (the client, its transport and the request's signature) in one chunk rather
            // than four: every signed-in page loads it at once, the login page with its first request.
            {
              name: 'api',
              test: /src[\\/]api[\\/](client|query-args|transport|target|sign)\.|node_modules[\\/]@noble[\\/]hashes[\\/]/,
            },
            // What the login page shares with the other pages' forms (inputs, a checkbox, inline
            // errors, the query hooks) and headers (the theme and language menus) in one chunk,
            // not seven small ones gzipped apart (about 1 KiB of the login budget).
            {
              name: 'forms',
              test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]|src[\\/](components[\\/]ui[\\/](input|field|checkbox|api-error-alert)|i18n[\\/]rich)\.|src[\\/]features[\\/](theme|language)[\\/]/,
            },
            // react-hook-form and its zod resolver: every form but the login page's first step
            // (src/lib/use-lazy-field-form.ts), loaded with the first page that has one.
            { name: 'react-hook-form', test: /node_modules[\\/]react-hook-form[\\/]|src[\\/]lib[\\/]use-zod-form\./ },
            // What the signed-in pages share (SIGNED_IN_SHARED) in one chunk rather than about thirty small
            // ones: the browser's work per request and per module is what a first visit waits on, not the
            // bytes (the site page's 29 requests for its code besides index.html's became 9, its chart
            // 40–55 ms sooner on loopback, more over a real network). /login loads none of it.
            { name: 'signed-in', test: SIGNED_IN_SHARED },
          ],
        },
      },
    },
  },
});
