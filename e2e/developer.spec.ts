import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { signedResult } from './signed-request.ts';
import { openSignedIn, signInViaApi, uniqueEmail, type E2eSession } from './support.ts';

const run = promisify(execFile);

/** api_methoddata's fields as the page must show them (spec §2.11). */
const methodDataSchema = z.looseObject({
  description: z.string().optional(),
  httpMethods: z.union([z.string(), z.array(z.string())]).optional(),
  path: z.array(z.string()).optional(),
  argv: z.record(z.string(), z.string()).optional(),
  post: z.record(z.string(), z.string()).optional(),
  errprefix: z.number(),
  errors: z.array(z.string()).optional(),
});

const envelopeSchema = z.looseObject({ method: z.string(), error: z.number(), result: z.unknown() });

/**
 * Runs a curl command copied from the page, as a user pastes it into a shell
 * (`sh -c`), silently; the answer is parsed as the spec's envelope.
 */
async function runCurl(command: string) {
  expect(command).toMatch(/^curl /);
  const { stdout } = await run('sh', ['-c', `${command} --silent --show-error --max-time 20`]);
  return envelopeSchema.parse(JSON.parse(stdout));
}

/** The command as the Copy button puts it on the clipboard. */
async function copiedCommand(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: `Copy: ${label}` }).click();
  await expect(page.getByRole('button', { name: `Copy: ${label}` }).locator('xpath=..')).toContainText('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

const PROXY_CURL = 'Through this dashboard (the key and signature as X-Apikey and X-Apimac headers):';
const DIRECT_CURL = 'Straight to the partner API (the key and signature as cookies):';

async function openConsole(page: Page, path: string): Promise<E2eSession> {
  const session = await signInViaApi(page.request, uniqueEmail('developer'));
  await openSignedIn(page, session, path);
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
  return session;
}

test('the console lists every method of api_methodlist, each with its api_methoddata', async ({ page }) => {
  const session = await openConsole(page, '/developer');
  const methods = z.array(z.string()).parse(await signedResult(page.request, session, '/api/api_methodlist/'));
  expect(methods.length).toBeGreaterThan(10);
  const list = page.getByRole('navigation', { name: 'Methods available to your key' });
  await expect(list.getByRole('button')).toHaveText(methods);
  await expect(list).toContainText(`${methods.length} methods`);

  for (const name of methods) {
    const data = methodDataSchema.parse(
      await signedResult(page.request, session, `/api/api_methoddata/${encodeURIComponent(name)}/`),
    );
    await list.getByRole('button', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]method=${name}(&|$)`));
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    if (data.description) await expect(card).toContainText(data.description);
    await expect(card.getByRole('definition').nth(1)).toHaveText(String(data.errprefix));
    for (const expression of [...(data.path ?? []), ...Object.values(data.argv ?? {})]) {
      if (expression !== '') await expect(card).toContainText(expression);
    }
    for (const argument of Object.keys(data.argv ?? {})) {
      await expect(card.getByRole('rowheader', { name: argument, exact: true })).toBeVisible();
    }
    // The HTTP methods as published (absent: either), and each POST field beside its expression.
    const http = card.locator('dt', { hasText: 'HTTP methods' }).locator('xpath=following-sibling::dd[1]');
    await expect(http).toHaveText(
      data.httpMethods === undefined ? 'GET or POST' : [data.httpMethods].flat().join(', '),
    );
    for (const [field, expression] of Object.entries(data.post ?? {})) {
      const row = card.getByRole('row').filter({ has: page.getByRole('rowheader', { name: field, exact: true }) });
      await expect(row.filter({ hasText: expression })).toHaveCount(1);
    }
    if (name === 'agency_update') {
      // The method this test relies on to show both.
      expect(data.httpMethods).toBeDefined();
      expect(Object.keys(data.post ?? {}).length).toBeGreaterThan(1);
      await expect(card.getByRole('heading', { name: 'POST fields' })).toBeVisible();
    }
    // The error table: the full code (errprefix, then 900, 901, …) beside each message.
    for (const [i, message] of (data.errors ?? []).entries()) {
      const code = String(data.errprefix * 1000 + 900 + i);
      await expect(card.getByRole('row', { name: `${code} ${message}` })).toBeVisible();
    }
  }
});

test('an api_test call with err shows the error, and its curl commands, once revealed, repeat the call', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const session = await openConsole(page, '/developer?tab=playground');
  await page.getByLabel('err', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Send request' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Test error 1');
  await expect(alert).toContainText('Error code 100901');
  await expect(page.getByText(/^GET \/api\/api_test\/abc\/1\/anything\/\?/)).toContainText('err=2');

  // Masked until revealed: neither key is in the page.
  const command = page.getByText(/^curl -H 'X-Apikey: /);
  await expect(command).toContainText('X-Apikey: ••••••••');
  expect(await page.content()).not.toContain(session.apiKey);
  expect(await page.content()).not.toContain(session.macKey);

  await page.getByRole('switch', { name: 'Show the key and signature' }).click();
  await expect(command).toContainText(`X-Apikey: ${session.apiKey}`);
  const copied = await copiedCommand(page, PROXY_CURL);
  expect(copied).toBe(await command.textContent());
  const answer = await runCurl(copied);
  expect(answer).toMatchObject({ method: 'api_test', error: 100901 });

  // Straight to the API at the {base_url} the server names (/partner-api.json): here the
  // sandbox's, on this origin under /sandbox, the keys as cookies.
  const direct = await copiedCommand(page, DIRECT_CURL);
  expect(direct).toMatch(/^curl -b 'apikey=[^;]+; apimac=[0-9a-f]{32}' /);
  expect(direct).toContain(`'${baseURL}/sandbox/api/api_test/abc/1/anything/?`);
  expect(direct).not.toContain('{base_url}');
  expect(await runCurl(direct)).toMatchObject({ method: 'api_test', error: 100901 });
});

test('a POST through the playground: curl repeats it with the same body and the same answer', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openConsole(page, '/developer?tab=playground');
  const httpMethod = page.getByLabel('HTTP method');
  await httpMethod.selectOption('POST');
  await page.getByLabel('POST body').fill('{"note":"it\'s a test"}');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(/^POST \/api\/api_test\//)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Answer received: HTTP 200, error 0.' })).toBeAttached();

  // The page's result (the echo of the request as the browser sent it) ...
  const echoSchema = z.looseObject({
    REQUEST_URI: z.string(),
    PATH: z.array(z.string()),
    QUERY: z.record(z.string(), z.unknown()),
    POST: z.looseObject({ TYPE: z.string(), DATA: z.string() }),
  });
  const shown = echoSchema.parse(JSON.parse((await page.getByLabel('result', { exact: true }).textContent()) ?? ''));
  expect(shown.POST.DATA).toBe('{"note":"it\'s a test"}');

  // ... and curl's, the same request from a shell: same target, query, path and body.
  await page.getByRole('switch', { name: 'Show the key and signature' }).click();
  const answer = await runCurl(await copiedCommand(page, PROXY_CURL));
  expect(answer).toMatchObject({ method: 'api_test', error: 0 });
  const request = (echo: z.infer<typeof echoSchema>) => ({
    target: echo.REQUEST_URI,
    path: echo.PATH,
    query: echo.QUERY,
    type: echo.POST.TYPE,
    body: echo.POST.DATA,
  });
  expect(request(echoSchema.parse(answer.result))).toEqual(request(shown));
});

test('the error catalogue finds entries by code and by words, and shows only those', async ({ page }) => {
  await openConsole(page, '/developer?tab=errors');
  const panel = page.getByRole('tabpanel');
  const entries = panel.getByRole('listitem');
  const status = panel.getByRole('status');
  await expect(status).toHaveText(/^\d+ error codes$/);
  const total = await entries.count();
  expect(total).toBeGreaterThan(30);
  const search = page.getByRole('searchbox', { name: 'Search the error codes' });

  // A code: its entry only.
  await search.fill('100901');
  await expect(entries).toHaveCount(1);
  await expect(entries.getByRole('heading')).toContainText('100901');
  await expect(entries).toContainText('api_test');
  await expect(status).toHaveText('1 error code');
  // The search is in the address: a reload shows the same.
  await page.reload();
  await expect(search).toHaveValue('100901');
  await expect(entries).toHaveCount(1);

  // Words: every entry shown has them all (any case), and the others are gone.
  await search.fill('Agency NOT');
  await expect(status).not.toHaveText('1 error code');
  const shown = await entries.allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(total);
  for (const text of shown) expect(text).toMatch(/agency/i);
  for (const text of shown) expect(text).toMatch(/not/i);
  await expect(panel.getByRole('heading', { name: /^100901/ })).toHaveCount(0);

  await search.fill('no such words zzz');
  await expect(entries).toHaveCount(0);
  await expect(status).toHaveText('No error code matches.');
  await search.fill('');
  await expect(entries).toHaveCount(total);
});
