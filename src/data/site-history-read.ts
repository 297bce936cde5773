/**
 * What the site history's worker (./site-history.worker.ts) does, as plain
 * functions (no React, no DOM; tested in Node): read the whole account's
 * `sites_list?withscanreport&withfwhistory` (docs/partner-api.md#sites_list; about 17 MB of JSON
 * for 10,000 sites, and the only way to a site's history: sites_list has no
 * filter by site), check it against the spec, and keep only the sites asked
 * for. The check is in
 * two steps: the sites without their history by the schema, then every
 * history by isFwHistory, which accepts exactly what the schema does at a
 * fraction of its cost.
 */
import * as z from 'zod/mini';
import type { ApiClient } from '../api/client';
import type { Credentials } from '../api/credentials';
import { TransportError } from '../api/errors';
import { fwHistorySchema, isFwHistory, siteSchema, type FwHistory, type Site } from '../api/schemas';
import type { WireError } from '../api/wire-error';
import { isSiteNamed } from './find-site';

/** One read: the keys to sign with, and the sites wanted (UTF-8 names or punycode hosts). */
export interface SiteHistoryRequest {
  credentials: Credentials | null;
  sites: string[];
}

/** The sites found (those of the request that the account has), or why there are none. */
export type SiteHistoryMessage = { type: 'sites'; sites: Site[] } | { type: 'error'; error: WireError };

/** The account's whole answer, as the client gives it before any check. */
export const ACCOUNT_HISTORY_ARGS = { withscanreport: true, withfwhistory: true } as const;

/** The sites without their history: its days are checked apart, by isFwHistory. */
const sitesWithoutHistory = z.array(z.omit(siteSchema, { fwhistory: true }));

function badResponse(message: string): TransportError {
  return new TransportError({ method: 'sites_list', kind: 'bad-response', message: `sites_list: ${message}` });
}

/** The first step: the sites checked against the spec but their `fwhistory`, which is passed on unchecked. */
function checkSitesWithoutHistory(result: unknown): Site[] {
  const parsed = sitesWithoutHistory.safeParse(result);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badResponse(`the result does not match the spec (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
  }
  // The loose schema kept fwhistory as it came: checkedHistory checks it, site by site.
  return parsed.data as Site[];
}

/** The second step: a site's history checked against the spec (null when it has none). */
function checkedHistory(site: Site): FwHistory | null {
  const history: unknown = site.fwhistory;
  if (history === undefined || history === null) return null;
  if (!isFwHistory(history)) {
    const issue = fwHistorySchema.safeParse(history).error?.issues[0];
    throw badResponse(`the firewall history of ${site.domain} does not match the spec (${issue?.message ?? ''})`);
  }
  return history;
}

/**
 * The sites named in `names`, in the answer's order, from the whole answer
 * checked as the client checks sites_list: any site that does not match the
 * spec makes the whole answer a bad response, as it would on the page.
 */
export function sitesOfAnswer(result: unknown, names: readonly string[]): Site[] {
  const found: Site[] = [];
  for (const site of checkSitesWithoutHistory(result)) {
    checkedHistory(site);
    if (names.some((name) => isSiteNamed(site, name))) found.push(site);
  }
  return found;
}

/** Reads the account's sites with their history and keeps the ones named. */
export async function readSitesHistory(api: ApiClient, names: readonly string[]): Promise<Site[]> {
  return sitesOfAnswer(await api.unparsed('sites_list', ACCOUNT_HISTORY_ARGS), names);
}
