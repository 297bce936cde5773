/**
 * How a page looks to people, checked the same way everywhere: axe finds
 * nothing serious, nothing scrolls sideways, and screenshots are attached to
 * the report (and written to E2E_SCREENSHOT_DIR when set, to look at).
 *
 * Each page is looked at in four variants: 1280 and 360 px wide (a hoster
 * panel's iframe), light and dark. These tests are tagged @wide: they run in
 * the wide suite (`npm run test:wide`, which .ci/run runs after `npm test`),
 * not in `npm test`, where the functional tests of the same pages run (and
 * axe on the login page and the shell, e2e/a11y.spec.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestDetails, TestInfo } from '@playwright/test';

export interface Variant {
  width: number;
  height: number;
  scheme: 'light' | 'dark';
}

export const VARIANTS: readonly Variant[] = [
  { width: 1280, height: 900, scheme: 'light' },
  { width: 1280, height: 900, scheme: 'dark' },
  { width: 360, height: 780, scheme: 'light' },
  { width: 360, height: 780, scheme: 'dark' },
];

/** The wide suite's tag: `npm test` leaves these tests out, `npm run test:wide` runs only them. */
export const WIDE: TestDetails = { tag: '@wide' };

/** Sets the page's size and colour scheme to the variant's. */
export async function showAs(page: Page, { width, height, scheme }: Variant): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
}

/**
 * What axe finds serious or critical on the page, or in the part `include`
 * selects (axe looks into frames too), one line each (an empty list when nothing).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const results = await (include === undefined ? axe : axe.include(include)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** How many pixels the page is wider than the window (0 or less: no sideways scroll). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A screenshot attached to the test's report, and written to E2E_SCREENSHOT_DIR when set (to look at). */
export async function attachShot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  const body = await page.screenshot({ fullPage, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { body, contentType: 'image/png' });
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.png`), body);
  }
}
