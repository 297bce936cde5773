/**
 * What the signed-in pages ask for as soon as the router has matched them.
 * The routes' loaders stay in the entry chunk (their files' codeSplitGroupings)
 * and load this one module, so the requests start while the pages' code loads,
 * not after it: a round trip and a chunk sooner. Kept out of the entry itself
 * (the /login budget): the queries' modules come with it.
 */
import { preloadFirewallChart } from '../components/charts/firewall-chart';
import { fleetQueryOptions } from '../features/overview/fleet-query';
import { loadSignedInErrorTexts } from '../i18n/error-text';
import type { RouterContext } from '../router-context';
import { accountQueryOptions } from '../data/account';
import { fleetSiteQueryOptions } from '../data/fleet-site-query';
import { fleetViewOf, fleetWindowOptions } from '../data/fleet-windows';
import { keyInfoQueryOptions } from '../data/key-info';
import type { SitesSearch } from '../data/site-model/sites-search';
import { sitesQueryOptions } from '../data/sites-query';
import { workspaceStateQueryOptions } from '../data/workspace';
import { workspaceOf } from '../data/workspace-client';

type Context = Pick<RouterContext, 'api' | 'queryClient'>;

/**
 * The signed-in layout: the key is checked with the service before the shell shows. The team's
 * workspace (docs/workspace.md) is asked at once, beside the key, and not waited for: the pages show
 * the service's data first and what the workspace adds as it arrives; a workspace that cannot answer
 * does not stop the shell. The texts of the errors met once signed in load meanwhile.
 */
export async function loadSignedIn({ api, queryClient }: Context) {
  void queryClient.prefetchQuery(workspaceStateQueryOptions(workspaceOf(api)));
  const [keyInfo] = await Promise.all([
    queryClient.ensureQueryData({ ...keyInfoQueryOptions(api), revalidateIfStale: true }),
    loadSignedInErrorTexts(),
  ]);
  return keyInfo;
}

/** The overview: its figures asked for, not waited for (the page shows at once and fills in); the chart's code meanwhile. */
export function loadOverview({ api, queryClient }: Context): void {
  void queryClient.prefetchQuery(fleetQueryOptions(workspaceOf(api)));
  void preloadFirewallChart();
}

/** A site page: its one site, waited for (an unknown name says so); the chart's code meanwhile. */
export async function loadSitePage({ api, queryClient }: Context, domain: string): Promise<void> {
  void preloadFirewallChart();
  await queryClient.ensureQueryData(fleetSiteQueryOptions(api, queryClient, domain));
}

/**
 * /sites and its children: the account (every sites page names it), and the table's first window
 * (asked for, not waited for: the page shows it), or a unit's list (a short list, waited for).
 */
export function loadSites(
  { api, queryClient }: Context,
  deps: { unit: string | undefined; view: Omit<SitesSearch, 'unit'> | null },
  table: boolean,
) {
  if (deps.view !== null && table) {
    void queryClient.prefetchQuery(fleetWindowOptions(queryClient, workspaceOf(api), fleetViewOf(deps.view), 0));
  }
  return Promise.all([
    deps.unit !== undefined && table ? queryClient.ensureQueryData(sitesQueryOptions(api, deps.unit)) : null,
    queryClient.ensureQueryData(accountQueryOptions(api)),
  ]);
}
