/**
 * The team's activity log (docs/workspace.md): two browsers signed in to one
 * account with two keys, as colleagues sharing the partner e-mail are. Each
 * gives a name (one when the first change asks for it, one from the account
 * menu); a change made in one shows in the other's Activity page with the
 * person's name, the filters narrow the log, the CSV export has the filtered
 * rows, and the site page shows its recent activity.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn, signInViaApi, type E2eSession } from './support/session.ts';

async function browserOf(browser: Browser, session: E2eSession, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, session, path, { askName: true });
  return page;
}

/** Gives the sign-in's name from the account menu ("Your name"). */
async function nameYourself(page: Page, name: string) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Your name' }).click();
  const naming = page.getByRole('dialog', { name: 'Your name' });
  await naming.getByLabel('Your name').fill(name);
  await naming.getByRole('button', { name: 'Save' }).click();
  await expect(naming).toBeHidden();
}

/** The log's rows, as text, in order. */
function rows(page: Page) {
  return page.getByRole('table', { name: 'Activity log' }).locator('tbody tr');
}

test('a change in one browser appears in the other’s Activity page with the person’s name', async ({
  browser,
  request,
}) => {
  const alpha = 'alpha-activity.example';
  const beta = 'beta-activity.example';
  const { session: anaKey } = await accountWith(request, 'activity', [alpha, beta]);
  const benKey = await signInViaApi(request, anaKey.email);
  expect(benKey.apiKey).not.toBe(anaKey.apiKey);

  // Ana changes the firewall of alpha: the first change of her sign-in asks her name first.
  const ana = await browserOf(browser, anaKey, `/sites/${alpha}`);
  const firewall = ana.getByRole('switch', { name: `Firewall, ${alpha}` });
  await expect(firewall).toBeChecked();
  await firewall.click();
  const prompt = ana.getByRole('dialog', { name: 'Before your first change: who is making it?' });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('Your name').fill('Ana');
  await prompt.getByRole('button', { name: 'Save' }).click();
  await expect(prompt).toBeHidden();
  await expect(firewall).not.toBeChecked();
  // Her site page shows its recent activity, with her name.
  const recent = ana.getByRole('region', { name: 'Recent activity' });
  await expect(recent.getByRole('row', { name: /Ana.*Turned the firewall off.*Done/ })).toBeVisible({
    timeout: 30_000,
  });

  // Ben, on another browser with a key of his own: he names himself from the account menu.
  const ben = await browserOf(browser, benKey, '/activity');
  await nameYourself(ben, 'Ben');
  const anasRow = rows(ben).filter({ hasText: 'Turned the firewall off' });
  await expect(anasRow).toContainText('Ana');
  await expect(anasRow).toContainText(anaKey.email);
  await expect(anasRow).toContainText(alpha);

  // Ben scans beta (no question: he has a name), from its site page; Ana's log shows it, his name apart from hers.
  await ben.goto(`/sites/${beta}`);
  await ben.getByRole('switch', { name: `Firewall, ${beta}` }).click();
  await expect(ben.getByRole('switch', { name: `Firewall, ${beta}` })).not.toBeChecked();
  await ana.goto('/activity');
  await expect(rows(ana)).toHaveCount(2, { timeout: 30_000 });
  await expect(rows(ana).first()).toContainText('Ben');
  await expect(rows(ana).first()).toContainText(beta);
  await expect(rows(ana).nth(1)).toContainText('Ana');

  // Filters: by who (Ben's key), then by site (alpha) with everyone; the URL keeps them.
  const bensOption = ana.getByLabel('Who').locator('option', { hasText: `Ben (${anaKey.email}, key ` });
  await ana.getByLabel('Who').selectOption((await bensOption.getAttribute('value')) ?? '');
  await expect(rows(ana)).toHaveCount(1);
  await expect(rows(ana).first()).toContainText(beta);
  await expect(ana).toHaveURL(/key=[0-9a-f]{16}/);

  // The CSV has the filtered rows only.
  let download = ana.waitForEvent('download');
  await ana.getByRole('button', { name: 'Export CSV' }).click();
  let csv = csvRows(await readFile(await (await download).path(), 'utf8'));
  expect(csv[0]).toEqual([
    'time',
    'user',
    'key',
    'person',
    'method',
    'kind',
    'site',
    'customer',
    'option',
    'value',
    'result',
    'error',
  ]);
  expect(csv.slice(1).map((r) => [r[3], r[4], r[6], r[8], r[9], r[10]])).toEqual([
    ['Ben', 'site_setoption', beta, 'firewall', 'disable', '0'],
  ]);

  await ana.getByLabel('Who').selectOption({ label: 'Everyone' });
  await ana.getByLabel('Site').fill('not a domain');
  await ana.getByRole('button', { name: 'Apply' }).first().click();
  await expect(ana.getByText('Enter a domain name, such as example.com.')).toBeVisible();
  await expect(ana.getByLabel('Site')).toHaveValue('not a domain');
  await ana.getByLabel('Site').fill(alpha);
  await ana.getByRole('button', { name: 'Apply' }).first().click();
  await expect(rows(ana)).toHaveCount(1);
  await expect(rows(ana).first()).toContainText('Ana');
  download = ana.waitForEvent('download');
  await ana.getByRole('button', { name: 'Export CSV' }).click();
  csv = csvRows(await readFile(await (await download).path(), 'utf8'));
  expect(csv.slice(1).map((r) => [r[1], r[3], r[6]])).toEqual([[anaKey.email, 'Ana', alpha]]);

  // Kind: no scans were made.
  await ana.getByLabel('What').selectOption({ label: 'Scans' });
  await expect(ana.getByText('No activity matches these filters.')).toBeVisible();
  // Clear filters goes with the filters it clears: the focus is on the first filter, not lost.
  await ana.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(ana)).toHaveCount(2);
  await expect(ana.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await expect(ana.getByLabel('Who')).toBeFocused();
});

test('the question for a name can be skipped, and is not asked again in that tab', async ({ page, request }) => {
  const domain = 'skip-activity.example';
  const { session } = await accountWith(request, 'activity-skip', [domain]);
  await openSignedIn(page, session, `/sites/${domain}`, { askName: true });
  const firewall = page.getByRole('switch', { name: `Firewall, ${domain}` });
  await firewall.click();
  const prompt = page.getByRole('dialog', { name: 'Before your first change: who is making it?' });
  // Skipping makes the change, and the keyboard is back where it was.
  await prompt.getByRole('button', { name: 'Continue without a name' }).click();
  await expect(firewall).not.toBeChecked();
  await expect(firewall).toBeFocused();
  await page.reload();
  await firewall.click();
  await expect(firewall).toBeChecked();
  await expect(prompt).toBeHidden();
  // Unnamed, the log still tells who: the account e-mail and the key's id.
  await page.goto('/activity');
  await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(rows(page).first()).toContainText('no name given');
  await expect(rows(page).first()).toContainText(/key [0-9a-f]{16}/);
  // A name given afterwards names the sign-in's earlier entries too, and says it came later.
  await nameYourself(page, 'Sam');
  await page.reload();
  await expect(rows(page).first()).toContainText('Sam (name given later)');
});

/** A CSV's rows and cells (quoted cells with commas or quotes inside). */
function csvRows(text: string): string[][] {
  const out: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)) {
    const cells: string[] = [];
    const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line)) !== null) {
      const cell = m[1] ?? '';
      cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
      if (m[2] === '') break;
    }
    out.push(cells);
  }
  return out;
}
