import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedCall } from './support/signed-request.ts';
import { accountWith } from './support/accounts.ts';
import { control, openSignedIn, signInViaApi, uniqueEmail } from './support/session.ts';

test('the sync file downloads under the exact name of X-Filename, with the PHP the service sends', async ({ page }) => {
  const session = await signInViaApi(page.request, uniqueEmail('syncfile'));
  // What the service sends for this account (docs/partner-api.md#syncfile_get): the name in X-Filename, the PHP as the body.
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

test('sites whose scheduled scans stopped are listed as probably missing the file in a browser that never scanned them, and re-checked', async ({
  page,
}) => {
  const nosync = 'nosync-stalled.example';
  const fine = 'fine-stalled.example';
  const { session, api } = await accountWith(page.request, 'stalled', [nosync, fine]);
  // Both were scanned once (the file was then in place on nosync-stalled.example too); a site never scanned
  // is not said to have stopped. Then the file went from nosync-stalled.example.
  await control(page.request, 'syncfile', { email: session.email, domain: nosync, installed: true });
  for (const domain of [nosync, fine]) await api.site_scan(domain);
  await expect
    .poll(async () => (await api.sites_list({ withscanreport: true })).filter((s) => s.scanreport).length)
    .toBe(2);
  await control(page.request, 'syncfile', { email: session.email, domain: nosync, installed: false });
  // The sites were added with weekly scans; nine days on for this browser, none has reported since.
  await page.clock.install({ time: new Date(Date.now() + 9 * 86_400_000) });
  await openSignedIn(page, session, '/sync-file');

  const probable = page.getByRole('list', { name: 'Sites that probably miss the file' }).getByRole('listitem');
  await expect(probable).toHaveCount(2);
  for (const domain of [fine, nosync]) {
    await expect(probable.filter({ hasText: domain })).toContainText('No scheduled scan since');
  }
  await expect(
    page.getByText('The service does not say why a scheduled scan did not run', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('No site is known to miss the file.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Re-check all 2 sites' }).click();
  await expect(page.getByText('In place: 1. Still missing: 1. Not checked: 0.', { exact: false })).toBeVisible();
  await expect(probable.filter({ hasText: nosync })).toContainText('Still missing');
  await expect(probable.filter({ hasText: fine })).toContainText('File in place');
  await expect(page.getByRole('button', { name: `Re-check ${nosync}` })).toBeEnabled();
});
