/**
 * `npm run bench`: prints the figures the issues set targets for. Figures, not
 * pass/fail: run on an otherwise idle machine and report them.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
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

/**
 * How fast this machine is right now, printed first: the same figures move by half from one hour
 * to the next on a shared 2-core machine, so each run says what it ran on. A fixed loop in a fresh
 * Node process (V8 alone, no I/O) and the load average.
 */
function machineNow(): string {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, ['-e', 'for (let i = 0; i < 3e8; i++);']);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const load = loadavg().map((l) => l.toFixed(2));
  return `machine: a loop of 3e8 in a new Node process took ${Math.round(ms)} ms; load average ${load.join(', ')}`;
}

const only = process.argv[2];
console.log(machineNow());
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
