/**
 * Scan watch benchmark: a 10,000-site demo account (SANDBOX_DEMO_SITES) on the
 * real server, in Chromium. A scan started from a site page is watched until
 * the "Scan of … finished" notice (src/data/scan-watcher.ts): for a site
 * without a customer, through the server's read model, not the account's
 * whole `sites_list`. Prints, as medians of runs on sites without a customer:
 * - the data on the wire from the click to the notice (the pages' code
 *   aside), and the largest request's path and bytes,
 * - how long after the click the notice came.
 */
import { firstReadDone, median, withDemoStack } from './demo-stack.ts';

const RUNS = 3;

export async function benchScanWatch(): Promise<void> {
  await withDemoStack('scan-watch', async (stack) => {
    const { base, signedInPage } = stack;
    await firstReadDone(stack, 'scan-watch');
    const page = await signedInPage();
    await page.goto(`${base}/sites?customer=none`);
    await page.locator('tr[data-domain]').first().waitFor();
    const domains: string[] = [];
    for (let i = 0; i < RUNS; i++)
      domains.push((await page.locator('tr[data-domain]').nth(i).getAttribute('data-domain')) ?? '');

    const bytes: number[] = [];
    const times: number[] = [];
    const largest: string[] = [];
    for (const domain of domains) {
      await page.goto(`${base}/sites/${encodeURIComponent(domain)}`);
      const scan = page.getByRole('button', { name: /^Scan now/ }).first();
      await scan.waitFor();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const paths = new Map<string, string>();
      const sizes = new Map<string, number>();
      cdp.on('Network.requestWillBeSent', (e) => paths.set(e.requestId, new URL(e.request.url).pathname));
      cdp.on('Network.loadingFinished', (e) => {
        // Data only: the code a first change loads (the name dialog's) is not the watch's.
        const path = paths.get(e.requestId);
        if (path !== undefined && !path.startsWith('/assets/'))
          sizes.set(path, (sizes.get(path) ?? 0) + e.encodedDataLength);
      });
      const t0 = Date.now();
      await scan.click();
      // The first change of a sign-in asks who makes it.
      const prompt = page.getByRole('dialog', { name: 'Before your first change: who is making it?' });
      const asked = await prompt.waitFor({ timeout: 2_000 }).then(
        () => true,
        () => false,
      );
      if (asked) {
        await prompt.getByLabel('Your name').fill('Bench');
        await prompt.getByRole('button', { name: 'Save' }).click();
      }
      await page.getByText(`Scan of ${domain} finished`).first().waitFor({ timeout: 300_000 });
      times.push(Date.now() - t0);
      await cdp.detach();
      bytes.push([...sizes.values()].reduce((a, b) => a + b, 0));
      const [path, most] = [...sizes].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
      largest.push(`${path} ${most.toLocaleString('en')}`);
    }
    console.log(
      `scan watch, a site without a customer: data on the wire from the click to the notice: median ${median(bytes).toLocaleString('en')} bytes (${bytes.map((b) => b.toLocaleString('en')).join(', ')}; largest: ${largest.join('; ')})`,
    );
    console.log(
      `scan watch, a site without a customer: the notice after median ${median(times)} ms (${times.join(', ')}; the sandbox's scan takes SANDBOX_SCAN_SECONDS, 5 s by default)`,
    );
  });
}
