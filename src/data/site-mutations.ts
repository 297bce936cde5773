/**
 * The writes of one site or many (docs/partner-api.md#site-methods): an option, delete, share and
 * unshare. Each write's call and rules are defined here once, for a row, the
 * site page and a bulk change (use-bulk-job.ts) alike; the hooks are
 * optimistic on every cached list, rolled back site by site on failure
 * (site-writes.ts); the caller shows the error where the change was made.
 */
import { useRef } from 'react';
import type { ApiClient } from '../api/client';
import { isMethodError } from '../api/error-catalogue';
import type { SiteOption } from '../api/registry/sites';
import type { SitesAddResult } from '../api/schemas';
import { useApi } from '../lib/api-context';
import { useAccountId } from './account';
import {
  markOptionUnavailable,
  patchingOf,
  rememberPatching,
  rememberPatchingMany,
  rememberPeriodChange,
} from './site-memory';
import { applyChange, changeValue, type SiteChange } from './sites';
import { sitesQueryOptions } from './sites-query';
import { useSiteWrite, type SitePatch } from './site-writes';
import { addUnit } from './units-directory';

/** site_setoption (docs/partner-api.md#site_setoption). */
export function sendOption(api: ApiClient, domain: string, change: SiteChange) {
  return api.site_setoption(domain, change.option, changeValue(change));
}

/** What an option change makes of a site in the cached lists. */
export function optionPatch(change: SiteChange): SitePatch {
  return (site) => applyChange(site, change);
}

/**
 * What the dashboard remembers once an option is set for these sites, which
 * the site object does not say (site-memory.ts): automatic patching as set
 * here, and when a scan period was set.
 */
export function rememberOptionSet(account: string | undefined, change: SiteChange, domains: readonly string[]): void {
  if (change.option === 'autopatching') rememberPatchingMany(account, domains, change.value);
  if (change.option === 'scanperiod') rememberPeriodChange(account, domains);
}

/**
 * The rule for a failed option change, the same for a row, the site page and a
 * bulk change: refused for this key (145904, docs/partner-api.md#site_setoption options
 * marked (!)) is not a failure to retry; the option is marked unavailable for
 * the key, in every row from now on. True when it was that refusal.
 */
export function optionRefused(account: string | undefined, option: SiteOption, error: unknown): boolean {
  if (!isMethodError(error, 'site_setoption', 'permissionDenied')) return false;
  markOptionUnavailable(account, option);
  return true;
}

export interface OptionWrite {
  domain: string;
  change: SiteChange;
}

/** How a row's option change failed: `refused` for the key (optionRefused), else worth a retry. */
export interface OptionFailure {
  error: unknown;
  refused: boolean;
}

/**
 * site_setoption for one site. Automatic patching is remembered as set from
 * the moment of the change and put back on failure (rememberOptionSet);
 * a refusal follows optionRefused.
 */
export function useSetSiteOption({ onError }: { onError?: (failure: OptionFailure, write: OptionWrite) => void } = {}) {
  const api = useApi();
  const account = useAccountId();
  // What patching was before each pending change, to put back on failure.
  const previous = useRef(new Map<string, 0 | 1 | undefined>()).current;
  return useSiteWrite({
    mutationFn: ({ domain, change }: OptionWrite) => sendOption(api, domain, change),
    optimistic: ({ domain, change }) => ({ domains: [domain], patch: optionPatch(change) }),
    onMutate: ({ domain, change }) => {
      if (change.option === 'autopatching') previous.set(domain, patchingOf(account, domain));
      rememberOptionSet(account, change, [domain]);
    },
    onError: (error, { domain, change }) => {
      if (change.option === 'autopatching') rememberPatching(account, domain, previous.get(domain));
      const refused = optionRefused(account, change.option, error);
      onError?.({ error, refused }, { domain, change });
    },
  });
}

/** site_delete with ignore: a site already gone is gone (docs/partner-api.md#site_delete). */
export function sendDelete(api: ApiClient, domain: string) {
  return api.site_delete(domain, { ignore: true });
}

/** A site leaving the cached lists (deleted; unshared, from the unit's list). */
export const REMOVED: SitePatch = () => null;

export function useDeleteSite({ onError }: { onError?: (error: unknown, domain: string) => void } = {}) {
  const api = useApi();
  return useSiteWrite({
    mutationFn: ({ domain }: { domain: string }) => sendDelete(api, domain),
    optimistic: ({ domain }) => ({ domains: [domain], patch: REMOVED }),
    onError: (error, { domain }) => onError?.(error, domain),
  });
}

export interface ShareWrite {
  unit: string;
  domains: readonly string[];
}

/** Per-site refusals of a share: domain → the service's message (docs/partner-api.md#sites_add, docs/partner-api.md#error-rules rule 4). */
export type ShareOutcome = Map<string, string>;

/** The per-site errors of a sites_add result, by the domains sent in that order. */
function failuresByDomain(domains: readonly string[], result: SitesAddResult): ShareOutcome {
  const failed: ShareOutcome = new Map();
  for (const [index, message] of Object.entries(result)) {
    const domain = domains[Number(index)];
    if (domain !== undefined) failed.set(domain, message);
  }
  return failed;
}

/**
 * Share existing sites with a unit: sites_add with `{name, share}` (docs/partner-api.md#lifecycle:
 * later options overwrite, so an existing site moves to this unit; the unit is
 * made when it does not exist). Needs the agency record. The unit joins the
 * directory once a site is shared with it.
 */
export async function sendShare(
  api: ApiClient,
  account: string | undefined,
  { unit, domains }: ShareWrite,
): Promise<ShareOutcome> {
  const failed = failuresByDomain(domains, await api.sites_add(domains.map((name) => ({ name, share: unit }))));
  if (failed.size < domains.length) addUnit(account, unit, 'shared');
  return failed;
}

export function useShareSites() {
  const api = useApi();
  const account = useAccountId();
  return useSiteWrite({ mutationFn: (write: ShareWrite) => sendShare(api, account, write) });
}

/** site_unshare: the site leaves the unit's list at once; it stays in the account (docs/partner-api.md#lifecycle). */
export function useUnshareSite() {
  const api = useApi();
  return useSiteWrite({
    mutationFn: ({ unit, domain }: { unit: string; domain: string }) => api.site_unshare(unit, domain),
    optimistic: ({ unit, domain }) => ({
      domains: [domain],
      patch: REMOVED,
      queryKey: sitesQueryOptions(api, unit).queryKey,
    }),
  });
}
