/**
 * German, laid out: table headers break between words only (no hyphen, no
 * word cut), and a search box's placeholder fits whole at 360 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL, openSignedIn, signInViaApi } from './support/session.ts';

test.use({ locale: 'de-DE' });

/** The column headers' words that do not sit on one line, and any soft hyphen in them. */
function brokenHeaderWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const th of document.querySelectorAll('th')) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (text.includes('\u00ad')) broken.push(`${text} (soft hyphen)`);
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** Placeholders that do not fit their box with room to spare (other fonts run a few per cent wider). */
function tightPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => input.offsetParent !== null)
      .flatMap((input) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return [];
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const width = context.measureText(input.placeholder).width;
        return width > room * 0.9 ? [`${input.placeholder}: ${Math.round(width)} px in ${Math.round(room)} px`] : [];
      }),
  );
}

test('German sites table at 1280 and 360 px: headers break between words only', async ({ page }) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await openSignedIn(page, session, '/sites');
    await expect(page.getByRole('columnheader', { name: /Website/ }).first()).toBeVisible();
    expect(await brokenHeaderWords(page), `${width} px`).toEqual([]);
  }
});

test('German at 360 px: search placeholders fit whole', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  await openSignedIn(page, session, '/sites');
  await expect(page.getByRole('searchbox', { name: 'Websites durchsuchen' })).toBeVisible();
  expect(await tightPlaceholders(page)).toEqual([]);
  await page.goto('/units?unit=owner%40bakery-rose.example');
  await page.getByRole('button', { name: 'Weitere Websites teilen …' }).click();
  await expect(page.getByRole('searchbox', { name: 'Ihre Websites durchsuchen' })).toBeVisible();
  expect(await tightPlaceholders(page)).toEqual([]);
});
