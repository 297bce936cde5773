import { expect, test, type Page } from '@playwright/test';
import { signedResult } from './support/signed-request.ts';
import { openSignedIn, signInViaApi, uniqueEmail } from './support/session.ts';
import { VARIANTS, WIDE, attachShot, horizontalOverflow, seriousViolations, showAs } from './support/look.ts';

/**
 * The agency, sync file and developer pages in light and dark, at 1280 px and
 * at 360 px (a hoster panel's iframe): axe finds nothing serious, nothing is
 * wider than the viewport, and a full-page screenshot of each is attached to
 * the report (and written to E2E_SCREENSHOT_DIR when set, to look at).
 */

interface PageState {
  name: string;
  path: string;
  /** Waits for the state to be shown; may act on the page to reach it. */
  ready: (page: Page) => Promise<void>;
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

const STATES: PageState[] = [
  {
    name: 'agency',
    path: '/agency',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
      await expect(page.getByText('The image could not be loaded from this address.', { exact: false })).toBeVisible();
    },
  },
  {
    name: 'agency-refused',
    path: '/agency',
    ready: async (page) => {
      await page.getByLabel(/^Agency name/).fill('');
      await page.getByLabel(/^Contact e-mail/).fill('not-an-email');
      await page.getByLabel(/^SWIFT\/BIC/).fill('DEUT');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByLabel(/^Agency name/)).toHaveAccessibleDescription(/Enter the agency name\./);
    },
  },
  {
    name: 'sync-file',
    path: '/sync-file',
    ready: async (page) => {
      await expect(h1(page, 'Sync file')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download the file' })).toBeVisible();
      await page.getByLabel('Your site').fill('shop.example');
      await expect(page.getByRole('link', { name: /^Open https:\/\/shop\.example\// })).toBeVisible();
      // Never scanned: offered to scan, not said to have stopped.
      await expect(page.getByRole('button', { name: 'Scan the 2 sites never scanned' })).toBeVisible();
    },
  },
  {
    name: 'developer-methods',
    path: '/developer?method=agency_update',
    ready: async (page) => {
      await expect(page.getByRole('article', { name: 'agency_update' })).toContainText('121900');
    },
  },
  {
    name: 'developer-playground',
    path: '/developer?tab=playground',
    ready: async (page) => {
      await page.getByLabel('str', { exact: true }).fill('');
      await page.getByLabel('err', { exact: true }).fill('1');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect(page.getByLabel('str', { exact: true })).toHaveAccessibleDescription(/Enter a value/);
      await page.getByLabel('str', { exact: true }).fill('hello');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect(page.getByRole('alert')).toContainText('Error code 100900');
    },
  },
  {
    name: 'developer-account',
    path: '/developer?tab=account',
    ready: async (page) => {
      await expect(page.getByText('expires', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'developer-errors',
    path: '/developer?tab=errors&q=agency',
    ready: async (page) => {
      await expect(page.getByText('123900', { exact: true })).toBeVisible();
    },
  },
];

for (const variant of VARIANTS) {
  const { width, scheme } = variant;
  test(
    `agency, sync file and developer console at ${width} px (${scheme}): axe finds nothing serious, nothing overflows, screenshots`,
    WIDE,
    async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      const session = await signInViaApi(page.request, uniqueEmail(`look-${scheme}-${width}`));
      await signedResult(page.request, session, '/api/agency_update/', {
        title: 'Northwind Hosting & Web Services',
        email: 'ops@northwind.example',
        website: 'northwind.example',
        logourl: 'https://logo.invalid/northwind.png',
        phone: '+41 44 123 45 67',
        address: 'Bahnhofstrasse 1',
        zipcode: '8001',
        country: 'CH',
        bank_currency: 'CHF',
        bank_swift: 'UBSWCHZH80A',
        bank_country: 'Switzerland',
      });
      // Two sites whose weekly scans have not reported for nine days (for this browser): never scanned.
      await signedResult(page.request, session, '/api/sites_add/', ['nosync-look.example', 'www.look.example']);
      await page.clock.install({ time: new Date(Date.now() + 9 * 86_400_000) });
      await showAs(page, variant);
      let signedIn = false;

      for (const state of STATES) {
        if (signedIn) await page.goto(state.path);
        else await openSignedIn(page, session, state.path);
        signedIn = true;
        await state.ready(page);
        const label = `${state.name}-${width}-${scheme}`;
        expect(await seriousViolations(page), label).toEqual([]);
        expect(await horizontalOverflow(page), `${label}: wider than the viewport`).toBeLessThanOrEqual(0);
        // From the top: a full-page shot of a scrolled page draws fixed elements (the skip link) mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await attachShot(page, testInfo, label, { fullPage: true });
      }
    },
  );
}
