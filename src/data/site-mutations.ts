/**
 * The writes of one site (docs/partner-api.md#site-methods): an option, delete, share and unshare.
 * Optimistic on every cached list, rolled back site by site on failure
 * (site-writes.ts); the caller shows the error where the change was made.
 */
import { useRef } from 'react';
import { isMethodError } from '../api/error-catalogue';
import type { SitesAddResult } from '../api/schemas';
import { useApi } from '../lib/api-context';
import { useAccountId } from './account';
import { markOptionUnavailable, patchingOf, rememberPatching, rememberPeriodChange } from './site-memory';
import { applyChange, changeValue, type SiteChange } from './sites';
import { sitesQueryOptions } from './sites-query';
import { useSiteWrite } from './site-writes';
import { addUnit } from './units-directory';

export interface OptionWrite {
  domain: string;
  change: SiteChange;
}

/**
 * site_setoption. Automatic patching, which the site object does not report,
 * is remembered as set from this dashboard (and put back on failure), and so
 * is when a scan period was set; a
 * refusal with 145904 marks the option unavailable for this key.
 */
export function useSetSiteOption({ onError }: { onError?: (error: unknown, write: OptionWrite) => void } = {}) {
  const api = useApi();
  const account = useAccountId();
  // What patching was before each pending change, to put back on failure.
  const previous = useRef(new Map<string, 0 | 1 | undefined>()).current;
  return useSiteWrite({
    mutationFn: ({ domain, change }: OptionWrite) => api.site_setoption(domain, change.option, changeValue(change)),
    optimistic: ({ domain, change }) => ({ domains: [domain], patch: (site) => applyChange(site, change) }),
    onMutate: ({ domain, change }) => {
      if (change.option === 'scanperiod') rememberPeriodChange(account, [domain]);
      if (change.option !== 'autopatching') return;
      previous.set(domain, patchingOf(account, domain));
      rememberPatching(account, domain, change.value);
    },
    onError: (error, { domain, change }) => {
      if (change.option === 'autopatching') rememberPatching(account, domain, previous.get(domain));
      if (isMethodError(error, 'site_setoption', 'permissionDenied')) markOptionUnavailable(account, change.option);
      onError?.(error, { domain, change });
    },
  });
}

/** site_delete with ignore: a site already gone is gone (docs/partner-api.md#site_delete). */
export function useDeleteSite({ onError }: { onError?: (error: unknown, domain: string) => void } = {}) {
  const api = useApi();
  return useSiteWrite({
    mutationFn: ({ domain }: { domain: string }) => api.site_delete(domain, { ignore: true }),
    optimistic: ({ domain }) => ({ domains: [domain], patch: () => null }),
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
export function failuresByDomain(domains: readonly string[], result: SitesAddResult): ShareOutcome {
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
export function useShareSites() {
  const api = useApi();
  const account = useAccountId();
  return useSiteWrite({
    mutationFn: async ({ unit, domains }: ShareWrite): Promise<ShareOutcome> =>
      failuresByDomain(domains, await api.sites_add(domains.map((name) => ({ name, share: unit })))),
    onSuccess: (failed, { unit, domains }) => {
      if (failed.size < domains.length) addUnit(account, unit, 'shared');
    },
  });
}

/** site_unshare: the site leaves the unit's list at once; it stays in the account (docs/partner-api.md#lifecycle). */
export function useUnshareSite() {
  const api = useApi();
  return useSiteWrite({
    mutationFn: ({ unit, domain }: { unit: string; domain: string }) => api.site_unshare(unit, domain),
    optimistic: ({ unit, domain }) => ({
      domains: [domain],
      patch: () => null,
      queryKey: sitesQueryOptions(api, unit).queryKey,
    }),
  });
}
