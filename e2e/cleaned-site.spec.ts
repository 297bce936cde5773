/**
 * A cleaned site does not look alarming: after a cleanup that left nothing,
 * the files found are said as found and dealt with, with no danger colours and
 * no "needs action", on the site page and in its printable client report.
 */
import { expect, test } from '@playwright/test';
import { accountWith, siteNames } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { attachShot } from './support/look.ts';

test('after a cleanup that left nothing: no alarm on the site page or in the client report', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // Infected sites (the sandbox's profile by name) with cleanup on: a scan cleans them. Some keep
  // suspicions (never cleaned); ten make one with nothing left all but certain.
  const domains = siteNames('infected-cleaned', 10);
  const { session, api } = await accountWith(page.request, 'cleaned', domains);
  for (const domain of domains) {
    await api.site_setoption(domain, 'autocleanup', '1');
    await api.site_scan(domain);
  }
  let cleaned = '';
  await expect
    .poll(
      async () => {
        const sites = await api.sites_list({ withscanreport: true });
        if (sites.some((s) => !s.scanreport)) return 'scanning';
        const r = sites.find((s) => s.scanreport?.cure === 1 && s.scanreport.threats === 0 && s.scanreport.doubt === 0);
        cleaned = r?.domain ?? '';
        return r && (r.scanreport?.malicious ?? 0) > 0 ? 'cleaned' : 'none cleaned';
      },
      { timeout: 45_000 },
    )
    .toBe('cleaned');

  await openSignedIn(page, session, `/sites/${cleaned}`);
  const report = page.getByTestId('scan-report');
  await expect(report).toHaveAttribute('data-state', 'report');
  await expect(report.locator('[data-field="malicious"]')).toHaveAttribute('data-tone', 'neutral');
  await expect(report.locator('[data-tone="danger"], [data-tone="warning"]')).toHaveCount(0);
  await expect(report).not.toContainText('needs action');
  await expect(report).toContainText('The files found were dealt with: no threat or suspicion remains.');
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 800 });
      await report.scrollIntoViewIfNeeded();
      await attachShot(page, testInfo, `cleaned-site-${width}-${scheme}`);
    }
  }

  await page.goto(`/sites/${cleaned}/report`);
  const printed = page.getByTestId('scan-report');
  await expect(printed).toHaveAttribute('data-state', 'report');
  await expect(printed.locator('[data-tone="danger"], [data-tone="warning"]')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('needs action');
});
