/** A failed toggle says why under its row, the row's whole width: the row keeps its height and the switch its place. */
import { expect, test } from '@playwright/test';
import { accountWith, tableReady } from './support/accounts.ts';
import { control, openSignedIn } from './support/session.ts';
import { attachShot } from './support/look.ts';

for (const width of [1280, 360]) {
  test(`at ${width} px a failed toggle's reason is under its row, not squeezed into the site column`, async ({
    page,
  }, testInfo) => {
    const domain = 'toggle-fails.example';
    const { session } = await accountWith(page.request, `row-error-${width}`, [domain, 'other.example']);
    await page.setViewportSize({ width, height: 800 });
    await openSignedIn(page, session, '/sites');
    await tableReady(page);
    const row = page.locator(`tr[data-domain="${domain}"]`);
    const before = await row.boundingBox();
    await control(page.request, 'fail-next', { method: 'site_setoption', code: 145903, email: session.email });
    await page.getByRole('switch', { name: `Firewall, ${domain}` }).click();
    const note = page.getByRole('alert').filter({ hasText: `The firewall of ${domain} was not changed` });
    await expect(note).toBeVisible();
    // The row is as tall as before; the note is under it, about as wide as the row.
    const [after, box] = await Promise.all([row.boundingBox(), note.boundingBox()]);
    expect(after && before && Math.abs(after.height - before.height)).toBeLessThanOrEqual(1);
    expect(box && after && box.y >= after.y + after.height - 1).toBe(true);
    expect(box && after && box.width >= after.width * 0.7).toBe(true);
    await expect(row.getByRole('alert')).toHaveCount(0);
    await attachShot(page, testInfo, `row-error-${width}`);
  });
}
