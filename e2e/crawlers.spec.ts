import { expect, test } from '@playwright/test';

/** An admin dashboard has nothing to index: the built site says so to every crawler. */
test('robots.txt disallows everything, every answer says noindex, the page has a description', async ({
  page,
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*\nDisallow: \/$/m);
  expect(robots.headers()['x-robots-tag']).toBe('noindex');

  const login = await page.goto('/login');
  expect(login?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /website security/i);
});
