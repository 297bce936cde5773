/**
 * Customers benchmark: the 10,000-site demo account on the real server
 * (`npm start`), its sites shared among 1,000 customers through the proxy (so
 * the team's workspace maps every site). Prints:
 * - navigation to the first rows of /sites with the Customer column and an
 *   empty customer map, then with 10,000 sites mapped to 1,000 customers
 *   (target: the customers add ≤ 10 %; median of runs each),
 * - reconciling the 1,000 customers against the sandbox with the dashboard's
 *   reconcile (sites_list?unit= each, 4 at a time, paced), from Node
 *   (target < 60 s).
 */
import { z } from 'zod';
import { createApiClient } from '../src/api/client.ts';
import { createWorkspaceClient } from '../src/api/workspace.ts';
import { reconcileUnits, RECONCILE_CONCURRENCY, RECONCILE_PER_SECOND } from '../src/data/reconcile.ts';
import { median, withDemoStack, type DemoStack } from './demo-stack.ts';

const CUSTOMERS = 1_000;
const LOAD_RUNS = 5;
const CHUNK = 250;

const sessionSchema = z.looseObject({ apiKey: z.string(), macKey: z.string() });

async function firstRows({ base, signedInPage }: DemoStack): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    // Wide enough for the Customer column (a table box of 1,168 px).
    const page = await signedInPage({ width: 1600, height: 900 });
    const t0 = Date.now();
    await page.goto(`${base}/sites`);
    await page.waitForFunction(`document.querySelector('tr[data-domain]') !== null`, undefined, { polling: 'raf' });
    times.push(Date.now() - t0);
    await page.close();
  }
  return times;
}

export async function benchCustomers(): Promise<void> {
  await withDemoStack('customers', async (stack) => {
    const { base, signedInPage } = stack;
    const warm = await signedInPage();
    await warm.goto(`${base}/sites`);
    await warm.locator('tr[data-domain]').first().waitFor({ timeout: 120_000 });
    const credentials = sessionSchema.parse(
      JSON.parse((await warm.evaluate(`sessionStorage.getItem('psd.session')`)) as string),
    );
    await warm.close();
    const options = { baseUrl: base, getCredentials: () => credentials };
    const api = createApiClient(options);
    const workspace = createWorkspaceClient(options);

    const without = await firstRows(stack);
    const mapped = (await workspace.customers()).sites.length;

    const domains = (await api.sites_list()).map((s) => s.domain);
    const unitOf = (i: number) => `customer-${String(i % CUSTOMERS).padStart(4, '0')}@bench.example`;
    const shared = Date.now();
    for (let i = 0; i < domains.length; i += CHUNK) {
      await api.sites_add(domains.slice(i, i + CHUNK).map((name, j) => ({ name, share: unitOf(i + j) })));
    }
    // The recorder works off the answers' path: wait until the workspace maps every site.
    while ((await workspace.customers()).sites.length < domains.length) await new Promise((r) => setTimeout(r, 200));
    console.log(
      `customers: ${domains.length.toLocaleString('en')} sites shared among ${CUSTOMERS.toLocaleString('en')} customers and mapped in ${((Date.now() - shared) / 1000).toFixed(1)} s`,
    );

    const withCustomers = await firstRows(stack);
    const check = await signedInPage({ width: 1600, height: 900 });
    await check.goto(`${base}/sites`);
    await check.locator('tr[data-domain] a[href^="/units"]').first().waitFor();
    await check.close();
    const [a, b] = [median(without), median(withCustomers)];
    console.log(
      `customers: first rows of /sites, ${mapped} sites mapped: median ${a} ms (${without.join(', ')}); ` +
        `${domains.length.toLocaleString('en')} sites mapped to ${CUSTOMERS.toLocaleString('en')} customers: median ${b} ms (${withCustomers.join(', ')}); ` +
        `${(((b - a) / a) * 100).toFixed(1)} % (target ≤ 10 %)`,
    );

    const units = Array.from({ length: CUSTOMERS }, (_, i) => unitOf(i));
    const t0 = Date.now();
    const outcome = await reconcileUnits(api, workspace, units);
    console.log(
      `customers: reconciling ${CUSTOMERS.toLocaleString('en')} customers (${RECONCILE_CONCURRENCY} at a time, at most ${RECONCILE_PER_SECOND} a second): ` +
        `${((Date.now() - t0) / 1000).toFixed(1)} s, ${outcome.checked} checked, ${outcome.missing} unknown, ${outcome.failed} failed (target < 60 s)`,
    );
  });
}
