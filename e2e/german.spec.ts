/**
 * The second language: every page in German has no English left,
 * axe finds nothing serious in German (in English the pages' own specs run it), and the language menu
 * switches and remembers the language. "English left" is checked against the
 * catalogue itself (src/i18n/catalogue-collect.ts, through Vite): a rendered
 * text that is an English message (or one filled in: "Sort by {column}") and
 * no German one is a failure. Names, domains, numbers and codes are no
 * message, so they pass; so does text marked as another language (`lang`).
 */
import type { ComponentsJSON, TranslationJSON } from '@nanostores/i18n';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { loadCatalogue } from '../test-support/catalogue.ts';
import { DEMO_EMAIL, openSignedIn, signInViaApi, uniqueEmail, type E2eSession } from './support/session.ts';
import { WIDE, seriousViolations } from './support/look.ts';

interface Matcher {
  exact: Set<string>;
  templates: RegExp[];
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

function textsOf(messages: ComponentsJSON): string[] {
  const flat = (value: TranslationJSON): string[] =>
    typeof value === 'string' ? [value] : Object.values(value).flatMap(flat);
  return Object.values(messages).flatMap((keys) => Object.values(keys).flatMap(flat));
}

/** A message with placeholders matches any text that fills them. */
function matcherOf(messages: ComponentsJSON): Matcher {
  const exact = new Set<string>();
  const templates: RegExp[] = [];
  for (const text of textsOf(messages).map(normalize)) {
    if (!/\{\w+\}/.test(text)) exact.add(text);
    // A template with hardly any words of its own ("{done} of {total}") would match any text.
    else if (/\p{L}{4,}/u.test(text.replace(/\{\w+\}/g, ''))) {
      const pattern = text
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      templates.push(new RegExp(`^${pattern}$`, 's'));
    }
  }
  return { exact, templates };
}

const matches = (m: Matcher, text: string) => m.exact.has(text) || m.templates.some((re) => re.test(text));

let english: Matcher;
let german: Matcher;
let de: ComponentsJSON;
let en: ComponentsJSON;

test.beforeAll(async () => {
  const catalogue = await loadCatalogue();
  const translation = catalogue.translations.de;
  if (!translation) throw new Error('no src/i18n/locales/de.json');
  de = translation;
  en = catalogue.base;
  english = matcherOf(catalogue.base);
  german = matcherOf(translation);
});

/** Every text the page shows or names (text nodes, whole elements, names, titles, placeholders), outside other-language parts. */
async function renderedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    // Inside an element marked as another language than the page's (a language's own name, say).
    const skipped = (el: Element) =>
      el.closest('script, style, noscript, template') !== null ||
      el.closest('[lang]')?.getAttribute('lang') !== document.documentElement.lang;
    const out = new Set<string>([norm(document.title)]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = norm(node.textContent ?? '');
      if (parent && text && !skipped(parent)) out.add(text);
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (skipped(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext', 'aria-roledescription']) {
        const value = norm(el.getAttribute(name) ?? '');
        if (value) out.add(value);
      }
      const whole = norm(el.textContent ?? '');
      if (el.children.length > 0 && whole && whole.length <= 400) out.add(whole);
    }
    return [...out];
  });
}

/** The texts that are English messages and no German one. */
async function englishLeft(page: Page): Promise<string[]> {
  return (await renderedTexts(page)).filter((text) => matches(english, text) && !matches(german, text));
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Waits for a page to have rendered its data: its heading, no request in flight, nothing loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The demo account's first site, from the sites table. */
async function firstSitePath(page: Page): Promise<string> {
  await page.goto('/sites');
  await settled(page);
  const href = await page.locator('main a[href^="/sites/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  return href ?? '/sites';
}

/** A demo unit (server/sandbox/demo/fixtures.ts): its detail on /units and its printable report. */
const DEMO_UNIT = encodeURIComponent('owner@bakery-rose.example');

/**
 * The pages looked at, in groups of a few (each group one test, so they run side by side and a slow
 * machine does not run one test past its time): 'login' is the login page's two steps, signed out;
 * 'site' and 'site report' the demo account's first site and its printable report; 'add sites' the
 * Add sites dialog with its preview of what was pasted.
 */
const PAGE_GROUPS = [
  ['login', '/', '/no-such-page'],
  ['/sites', 'site', 'site report', 'add sites'],
  ['/units', `/units?unit=${DEMO_UNIT}`, `/units/${DEMO_UNIT}/report`, '/activity'],
  ['/agency', '/sync-file', '/developer', '/developer?tab=account'],
  ['/developer?tab=playground', '/developer?tab=request', '/developer?tab=errors'],
] as const;

type Stop = (typeof PAGE_GROUPS)[number][number];

/** Visits the pages of `stops`, calling `check` on each. */
async function visitPages(
  page: Page,
  session: E2eSession,
  stops: readonly Stop[],
  check: (name: string) => Promise<void>,
): Promise<void> {
  let signedIn = false;
  let sitePath = '';
  for (const stop of stops) {
    if (stop === 'login') {
      await page.goto('/login');
      await settled(page);
      await check('/login');
      await page.locator('input[type="email"]').fill(uniqueEmail('german'));
      await page.locator('input[type="email"]').press('Enter');
      await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await check('/login (code)');
      continue;
    }
    if (!signedIn) {
      await openSignedIn(page, session, '/');
      signedIn = true;
    }
    if (stop === 'add sites') {
      await page.goto('/sites');
      await settled(page);
      const toolbar = ((await page.locator('html').getAttribute('lang')) === 'de' ? de : en).sitesToolbar;
      await page.getByRole('button', { name: toolbar?.addSites as string, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('textarea').fill('neu.example\nkein domain');
      await expect(dialog.locator('li, tr').filter({ hasText: 'kein domain' }).first()).toBeVisible();
      await check('/sites (add sites dialog)');
      continue;
    }
    if (stop === 'site') sitePath = await firstSitePath(page);
    if (stop === 'site report' && sitePath === '') sitePath = await firstSitePath(page);
    const path = stop === 'site' ? sitePath : stop === 'site report' ? `${sitePath}/report` : stop;
    await page.goto(path);
    await settled(page);
    await check(path);
  }
}

test.describe('in German (the browser asks for de-DE)', () => {
  test.use({ locale: 'de-DE' });

  for (const [index, stops] of PAGE_GROUPS.entries()) {
    test(
      `every page speaks German (${index + 1} of ${PAGE_GROUPS.length}: ${stops.join(', ')}): no English message left, <html lang="de">; axe finds nothing serious`,
      WIDE,
      async ({ page }) => {
        test.setTimeout(120_000);
        const session = await signInViaApi(page.request, DEMO_EMAIL);
        const left: string[] = [];
        const violations: string[] = [];
        await visitPages(page, session, stops, async (name) => {
          await expect(page.locator('html')).toHaveAttribute('lang', 'de');
          left.push(...(await englishLeft(page)).map((text) => `${name}: ${text}`));
          violations.push(...(await seriousViolations(page)).map((v) => `${name}: ${v}`));
        });
        expect(left).toEqual([]);
        expect(violations).toEqual([]);
      },
    );
  }

  test('the sites table in German: words, dates and numbers, at 1280 and 360 px', WIDE, async ({ page }, testInfo) => {
    const session = await signInViaApi(page.request, DEMO_EMAIL);
    await openSignedIn(page, session, '/sites');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: de.sites?.title as string })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    // "24. Okt." and "13:16": Intl's German, not "Oct 24" and "1:16 PM".
    await expect(page.locator('main table')).toContainText(
      /\d{1,2}\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\.?,? ?\d{2}:\d{2}/,
    );
    await attachScreenshot(page, testInfo, 'german-sites-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await attachScreenshot(page, testInfo, 'german-sites-360');
    await page.goto('/agency');
    await settled(page);
    await attachScreenshot(page, testInfo, 'german-agency-360');
  });
});

test.describe('in English (the browser asks for en-US)', () => {
  test.use({ locale: 'en-US' });

  // axe in English runs page by page, light and dark, wide and narrow, in the pages' own specs
  // (a11y, overview, sites-visual, site-page, report, agency-sync-developer-look, embed).
  test('every page: the English check finds English on each (it can fail)', WIDE, async ({ page }) => {
    test.setTimeout(180_000);
    const session = await signInViaApi(page.request, DEMO_EMAIL);
    const without: string[] = [];
    for (const stops of PAGE_GROUPS) {
      await visitPages(page, session, stops, async (name) => {
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        if ((await englishLeft(page)).length === 0) without.push(name);
      });
    }
    expect(without).toEqual([]);
  });

  test('the language menu switches to German at once, is remembered, and switches back', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const menu = page.getByRole('combobox', { name: 'Language' });
    await expect(menu).toHaveValue('en');
    await menu.selectOption('de');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
    expect(await englishLeft(page)).toEqual([]);
    // Validation messages are German too.
    await page.getByLabel('E-Mail-Adresse').fill('kein-at-zeichen');
    await page.getByRole('button', { name: 'Code senden' }).click();
    await expect(page.getByText('Geben Sie eine gültige E-Mail-Adresse ein, etwa name@example.com.')).toBeVisible();

    // Kept on this device, over the browser's English.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    const session = await signInViaApi(page.request, DEMO_EMAIL);
    await openSignedIn(page, session, '/sites');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
  });
});
