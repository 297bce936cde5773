/**
 * The site page's options: each says in a line what it does, its control sits
 * beside its name, and the firewall's switch and "Remove firewall…" say how
 * they differ.
 */
import { expect, test, type Locator } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

/** How far right of its name's start an option's control begins (px). */
async function offset(name: Locator, control: Locator): Promise<number> {
  const a = await name.boundingBox();
  const b = await control.boundingBox();
  if (!a || !b) throw new Error('not laid out');
  return b.x - a.x;
}

for (const width of [1280, 360]) {
  test(`site options at ${width} px: a line on what each does, the control beside its name`, async ({ page }) => {
    const domain = `options-${width}.example`;
    const { session } = await accountWith(page.request, 'site-options', [domain]);
    await page.setViewportSize({ width, height: 900 });
    await openSignedIn(page, session, `/sites/${domain}`);
    const options = page.getByRole('heading', { name: 'Options' }).locator('..');
    const rows = [
      ['Firewall', `Firewall, ${domain}`, 'The switch pauses the firewall'],
      ['Automatic cleanup', `Automatic cleanup, ${domain}`, 'Threats a scan finds are removed'],
      ['Automatic patching', `Automatic patching, ${domain}`, 'Known security holes'],
      ['Scan period', `Scan period, ${domain}`, 'How often the site is scanned on its own'],
      ['Permissions', `Permissions, ${domain}`, 'Which features the site’s user may use'],
    ] as const;
    for (const [name, controlName, help] of rows) {
      const group = options.getByRole('group', { name });
      await expect(group).toHaveAccessibleDescription(new RegExp(`^${help}`));
      await expect(group.getByText(help, { exact: false })).toBeVisible();
      const control = group
        .getByRole('switch', { name: controlName })
        .or(group.getByRole('combobox', { name: controlName }))
        .or(group.getByRole('button', { name: new RegExp(`^${controlName}`) }));
      // Beside the name (or under it), not across the card.
      expect(await offset(group.getByText(name, { exact: true }), control.first()), name).toBeLessThanOrEqual(240);
    }
    const firewall = options.getByRole('group', { name: 'Firewall' });
    await expect(firewall).toContainText('it stays installed and can be switched on again at once');
    await expect(firewall).toContainText('“Remove firewall…” uninstalls it from the site.');
    await expect(firewall.getByRole('button', { name: 'Remove firewall…' })).toBeVisible();
  });
}
