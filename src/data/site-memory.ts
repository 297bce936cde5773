/**
 * What the dashboard knows about sites that the API does not report
 * (docs/architecture.md#what-the-api-does-not-give), per account:
 * - automatic patching as last set from this dashboard (sites_list has no
 *   field for it, docs/partner-api.md#site-object), kept in this browser;
 * - when a site's scan period was last set from this dashboard (sites_list
 *   says when the next scan is, not when the schedule was changed), kept in
 *   this browser, so a site whose period just changed is not judged by scans
 *   the new period never asked for;
 * - options a key may not use (docs/partner-api.md#site_setoption, options marked (!): 145904), learnt
 *   from the refusal (of a row's control or a bulk change) and kept in this
 *   tab's sessionStorage, so every row shows them as unavailable instead of
 *   offering a change that will fail, after a reload too.
 */
import { useStore } from '@nanostores/react';
import * as z from 'zod/mini';
import { SITE_OPTIONS, type SiteOption } from '../api/registry/sites';
import { accountStore } from '../lib/account-storage';

const patching = accountStore<Record<string, 0 | 1>>(
  'patching',
  z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
  () => ({}),
);

/** Domain → 1 or 0, as last set from this dashboard; a domain not in it: unknown. */
export function usePatchingMemory(account: string | undefined): Readonly<Record<string, 0 | 1>> {
  return useStore(patching.of(account ?? ''));
}

/** Remembers (or, with undefined, forgets) what automatic patching was set to for a site. */
export function rememberPatching(account: string | undefined, domain: string, value: 0 | 1 | undefined): void {
  if (account === undefined) return;
  const store = patching.of(account);
  const next = { ...store.get() };
  if (value === undefined) delete next[domain];
  else next[domain] = value;
  store.set(next);
}

/** The same for many sites at once (a bulk change): one write. */
export function rememberPatchingMany(account: string | undefined, domains: readonly string[], value: 0 | 1): void {
  if (account === undefined || domains.length === 0) return;
  const store = patching.of(account);
  const next = { ...store.get() };
  for (const domain of domains) next[domain] = value;
  store.set(next);
}

export function patchingOf(account: string | undefined, domain: string): 0 | 1 | undefined {
  return account === undefined ? undefined : patching.of(account).get()[domain];
}

const unavailable = accountStore<readonly SiteOption[]>(
  'unavailable-options',
  z.array(z.enum(Object.keys(SITE_OPTIONS) as [SiteOption, ...SiteOption[]])),
  () => [],
  { area: 'session' },
);

/** The options this account's key was refused (145904) in this tab's session. */
export function useUnavailableOptions(account: string | undefined): readonly SiteOption[] {
  return useStore(unavailable.of(account ?? ''));
}

export function markOptionUnavailable(account: string | undefined, option: SiteOption): void {
  if (account === undefined) return;
  const store = unavailable.of(account);
  if (!store.get().includes(option)) store.set([...store.get(), option]);
}

const periodSet = accountStore<Record<string, number>>('period-set', z.record(z.string(), z.number()), () => ({}));

/** Domain → when (UNIX time) its scan period was last set from this dashboard. */
export function usePeriodChanges(account: string | undefined): Readonly<Record<string, number>> {
  return useStore(periodSet.of(account ?? ''));
}

/** Remembers that these sites' scan period was set now (one write for a bulk change). */
export function rememberPeriodChange(
  account: string | undefined,
  domains: readonly string[],
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  if (account === undefined || domains.length === 0) return;
  const store = periodSet.of(account);
  const next = { ...store.get() };
  for (const domain of domains) next[domain] = nowSeconds;
  store.set(next);
}
