import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedCall } from './signed-request.ts';
import { openSignedIn, signInViaApi, uniqueEmail } from './support.ts';

test('the sync file downloads under the exact name of X-Filename, with the PHP the service sends', async ({ page }) => {
  const session = await signInViaApi(page.request, uniqueEmail('syncfile'));
  // What the service sends for this account (spec §4.5): the name in X-Filename, the PHP as the body.
  const sent = await signedCall(page.request, session, '/api/syncfile_get/');
  expect(sent.status()).toBe(200);
  const filename = sent.headers()['x-filename'] ?? '';
  expect(filename).toMatch(/\.php$/);
  const php = await sent.text();
  expect(php.startsWith('<?php')).toBe(true);

  await openSignedIn(page, session, '/sync-file');
  await expect(page.getByRole('heading', { level: 1, name: 'Sync file' })).toBeVisible();
  // The exact name is on the page before any download, and the guide uses it.
  await expect(page.getByText(filename, { exact: true })).toBeVisible();
  await expect(page.getByText(`scp ${filename} user@host:/var/www/example.com/`)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(filename);
  const saved = await readFile(await file.path(), 'utf8');
  expect(saved).toBe(php);
  await expect(page.getByText(`${filename} downloaded.`)).toBeVisible();

  // Step 4: the address where the file must answer on a site.
  await page.getByLabel('Your site').fill('https://shop.example/');
  await expect(
    page.getByRole('link', { name: new RegExp(`^Open https://shop\\.example/${filename}`) }),
  ).toHaveAttribute('href', `https://shop.example/${filename}`);
});
