/**
 * `npm run bench`: prints the figures the issues set targets for. Figures, not
 * pass/fail: run on an otherwise idle machine and report them.
 */
import { cleanUpOnInterrupt } from '../test-support/servers.ts';
import { benchBundle } from './bundle.ts';
import { benchConnections } from './connections.ts';
import { benchCustomers } from './customers.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchOverview } from './overview.ts';
import { benchProxy } from './proxy.ts';
import { benchReadModel } from './readmodel.ts';
import { benchSandbox } from './sandbox.ts';
import { benchScanWatch } from './scan-watch.ts';
import { benchSitePage } from './site-page.ts';
import { benchSites } from './sites.ts';
import { benchWorkspace } from './workspace.ts';

// Interrupted (Ctrl-C, kill), the benches stop their servers and remove their temporary databases.
cleanUpOnInterrupt();

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  sandbox: benchSandbox,
  bundle: benchBundle,
  proxy: benchProxy,
  sites: benchSites,
  overview: benchOverview,
  'site-page': benchSitePage,
  'scan-watch': benchScanWatch,
  workspace: benchWorkspace,
  connections: benchConnections,
  readmodel: benchReadModel,
  customers: benchCustomers,
  lighthouse: benchLighthouse,
};

for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n== ${name}`);
  await run();
}
