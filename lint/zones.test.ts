/**
 * The architecture's lint zones (eslint.config.js) are active: each deliberate
 * violation below is reported by the project's own ESLint configuration, and a
 * legal import next to it is not. The probes are linted as if they were files
 * at the given paths of the real tree (their imports resolve to real modules);
 * the import cycle needs files on disk, under lint/fixtures (left out of `npm run lint`).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

/** The rules the probes ask of: only they run (import-x/no-cycle would read the whole graph a probe imports). */
const ASKED = new Set(['import-x/no-restricted-paths', 'no-restricted-imports', 'no-restricted-globals']);

beforeAll(() => {
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ASKED.has(ruleId) });
});

/** The messages of `rules` for `code` linted as the file `file` (relative to the repository root). */
async function reported(file: string, code: string, rules: string[]): Promise<string[]> {
  // A rule not run would report nothing, and a probe expecting nothing would pass without it.
  for (const rule of rules) expect(ASKED.has(rule), `${rule} is not among the rules run`).toBe(true);
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && rules.includes(m.ruleId)).map((m) => m.message);
}

const ZONE = ['import-x/no-restricted-paths'];

describe('lint zones', () => {
  it('src/ never imports server/', async () => {
    const code = "import { createProxy } from '../../server/proxy/app.ts';\nexport const probe = createProxy;\n";
    expect(await reported('src/lib/zone-probe.ts', code, ZONE)).toEqual([
      expect.stringContaining('The SPA never imports the server'),
    ]);
  });

  it('a feature never imports another feature, only its own modules', async () => {
    const other = "import { ThemeToggle } from '../theme/theme-toggle';\nexport const probe = ThemeToggle;\n";
    expect(await reported('src/features/auth/zone-probe.ts', other, ZONE)).toEqual([
      expect.stringContaining('Features never import each other'),
    ]);
    const own = "import { isSafeRedirect } from './redirect';\nexport const probe = isSafeRedirect;\n";
    expect(await reported('src/features/auth/zone-probe.ts', own, ZONE)).toEqual([]);
  });

  it('the overview, the site page and the sites table are features of their own; what they share is below them', async () => {
    const siteHeader =
      "import { SiteHeader } from '../site-page/components/site-header';\nexport const probe = SiteHeader;\n";
    expect(await reported('src/features/overview/zone-probe.ts', siteHeader, ZONE)).toEqual([
      expect.stringContaining('Features never import each other'),
    ]);
    const siteRow = "import { SiteRow } from '../sites/components/site-row';\nexport const probe = SiteRow;\n";
    expect(await reported('src/features/site-page/zone-probe.ts', siteRow, ZONE)).toEqual([
      expect.stringContaining('Features never import each other'),
    ]);
    const overview =
      "import { OverviewPage } from '../overview/components/overview-page';\nexport const probe = OverviewPage;\n";
    expect(await reported('src/features/sites/zone-probe.ts', overview, ZONE)).toEqual([
      expect.stringContaining('Features never import each other'),
    ]);
    const shared =
      "import { SiteActionsProvider } from '../../components/site/site-actions';\n" +
      "import { statusOf } from '../../data/site-model/site-status';\n" +
      'export const probe = [SiteActionsProvider, statusOf];\n';
    for (const area of ['overview', 'site-page', 'sites']) {
      expect(await reported(`src/features/${area}/zone-probe.ts`, shared, ZONE)).toEqual([]);
    }
  });

  it('src/lib and src/components import no feature', async () => {
    const code = "import { isSafeRedirect } from '../features/auth/redirect';\nexport const probe = isSafeRedirect;\n";
    expect(await reported('src/lib/zone-probe.ts', code, ZONE)).toEqual([
      expect.stringContaining('imports no feature'),
    ]);
    const fromUi = code.replace('../features/', '../../features/');
    expect(await reported('src/components/ui/zone-probe.ts', fromUi, ZONE)).toEqual([
      expect.stringContaining('imports no feature'),
    ]);
  });

  it('src/data (the shared data layer) imports no feature and no component; features import it', async () => {
    const feature =
      "import { isSafeRedirect } from '../features/auth/redirect';\nexport const probe = isSafeRedirect;\n";
    expect(await reported('src/data/zone-probe.ts', feature, ZONE)).toEqual([
      expect.stringContaining('imports no feature'),
    ]);
    const component = "import { Button } from '../components/ui/button';\nexport const probe = Button;\n";
    expect(await reported('src/data/zone-probe.ts', component, ZONE)).toEqual([
      expect.stringContaining('no components'),
    ]);
    const cells =
      "import { StatusBadge } from '../../components/site/site-cells';\nexport const probe = StatusBadge;\n";
    expect(await reported('src/data/site-model/zone-probe.ts', cells, ZONE)).toEqual([
      expect.stringContaining('no components'),
    ]);
    const fromFeature = "import { useAgency } from '../../data/agency';\nexport const probe = useAgency;\n";
    expect(await reported('src/features/account/zone-probe.ts', fromFeature, ZONE)).toEqual([]);
  });

  it('src/i18n sits below src/lib, src/components and src/data; they import it', async () => {
    const fromLib = "import { cn } from '../lib/cn';\nexport const probe = cn;\n";
    expect(await reported('src/i18n/zone-probe.ts', fromLib, ZONE)).toEqual([
      expect.stringContaining('src/i18n sits below src/lib'),
    ]);
    const fromData = "import { useAgency } from '../data/agency';\nexport const probe = useAgency;\n";
    expect(await reported('src/i18n/zone-probe.ts', fromData, ZONE)).toEqual([
      expect.stringContaining('src/i18n sits below'),
    ]);
    const toI18n = "import { errorText } from '../i18n/error-text';\nexport const probe = errorText;\n";
    expect(await reported('src/lib/zone-probe.ts', toI18n, ZONE)).toEqual([]);
  });

  it('src/platform imports nothing from src/; src/lib and src/i18n import it', async () => {
    const up = "import { commonMessages } from '../i18n/common-messages';\nexport const probe = commonMessages;\n";
    expect(await reported('src/platform/zone-probe.ts', up, ZONE)).toEqual([
      expect.stringContaining("src/platform (the browser's APIs, made safe to call) is the SPA's floor"),
    ]);
    const down = "import { readStorage } from '../platform/safe-storage';\nexport const probe = readStorage;\n";
    expect(await reported('src/i18n/zone-probe.ts', down, ZONE)).toEqual([]);
    expect(await reported('src/lib/zone-probe.ts', down, ZONE)).toEqual([]);
  });

  it('src/api imports nothing from the SPA, no React and no browser-only global', async () => {
    const spa = "import { cn } from '../lib/cn';\nexport const probe = cn;\n";
    expect(await reported('src/api/zone-probe.ts', spa, ZONE)).toEqual([
      expect.stringContaining('The fetch layer (src/api) is isomorphic'),
    ]);
    const react = "import { useState } from 'react';\nexport const probe = useState;\n";
    expect(await reported('src/api/zone-probe.ts', react, ['no-restricted-imports'])).toHaveLength(1);
    const dom = 'export const probe = (): string => window.location.href;\n';
    expect(await reported('src/api/zone-probe.ts', dom, ['no-restricted-globals'])).toEqual([
      expect.stringContaining('no browser-only globals'),
    ]);
    const own = "import { parseQuery } from './query-args';\nexport const probe = parseQuery;\n";
    expect(await reported('src/api/zone-probe.ts', own, [...ZONE, 'no-restricted-imports'])).toEqual([]);
  });

  it('the sandbox and the proxy never import each other; the composition root imports both', async () => {
    const toProxy = "import { isApiTarget } from '../proxy/target.ts';\nexport const probe = isApiTarget;\n";
    expect(await reported('server/sandbox/zone-probe.ts', toProxy, ZONE)).toEqual([
      expect.stringContaining('never import each other'),
    ]);
    const toSandbox =
      "import { testSandboxConfig } from '../sandbox/config.ts';\nexport const probe = testSandboxConfig;\n";
    expect(await reported('server/proxy/zone-probe.ts', toSandbox, ZONE)).toEqual([
      expect.stringContaining('never import each other'),
    ]);
    const both =
      "import { isApiTarget } from './proxy/target.ts';\nimport { testSandboxConfig } from './sandbox/config.ts';\n" +
      'export const probe = [isApiTarget, testSandboxConfig];\n';
    expect(await reported('server/zone-probe.ts', both, ZONE)).toEqual([]);
  });

  it('reports an import cycle', async () => {
    // The fixtures are ignored by `npm run lint`; here they are linted on purpose.
    const withFixtures = new ESLint({ cwd: root, ignore: false });
    const results = await withFixtures.lintFiles(['lint/fixtures/cycle/a.ts']);
    expect(results[0]?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
