/**
 * The demo account's workspace (docs/workspace.md, "The demo account"): what
 * a team leaves there over a few days, so that a prospect signing in to the
 * demo sees a team's dashboard: the customers with their sites (and a recent
 * check of each), automatic patching as colleagues set it, a site without its
 * synchronization file, and the colleagues' activity. Three colleagues share
 * the account's e-mail, each with a key of their own; their key ids are made
 * for the demo (not hashes of any key). Written through the store's
 * interface only, so it is the same on SQLite and PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { siteKey, unitKey } from './names.ts';
import type { WorkspaceStore } from './store.ts';
import type { ActivityKind, NewActivity, Who } from './types.ts';

/** What the demo account holds upstream: the workspace is seeded to agree with it. */
export interface DemoWorkspaceSeed {
  accountId: string;
  email: string;
  /** Every customer (unit) of the account, with the sites shared with it; times in UNIX ms. */
  customers: ReadonlyArray<{ email: string; addedAt: number; sites: readonly string[] }>;
  /** Every site of the account. */
  sites: readonly string[];
  /** The sites with automatic patching on (the API does not report it: the workspace keeps it as last set). */
  patchingOn: readonly string[];
}

export const DEMO_COLLEAGUES = ['Ana Costa', 'Ben Fischer', 'Chloé Martin'] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Scripted {
  daysAgo: number;
  by: 0 | 1 | 2;
  method: string;
  kind: ActivityKind;
  site?: string;
  unit?: string;
  option?: string;
  value?: string;
  result?: number;
  error?: string;
}

/** The colleagues' last two weeks, on the demo's hand-made sites (server/sandbox/demo/fixtures.ts). */
const SCRIPT: readonly Scripted[] = [
  { daysAgo: 0.08, by: 0, method: 'site_scan', kind: 'scans', site: 'bakery-rose.example' },
  {
    daysAgo: 0.3,
    by: 1,
    method: 'site_setoption',
    kind: 'options',
    site: 'shop.bakery-rose.example',
    option: 'autocleanup',
    value: '1',
  },
  {
    daysAgo: 0.8,
    by: 2,
    method: 'sites_add',
    kind: 'shares',
    site: 'studio-kowalska.example',
    unit: 'anna@studio-kowalska.example',
  },
  { daysAgo: 1.2, by: 0, method: 'site_scan', kind: 'scans', site: 'greenleaf-yoga.example' },
  {
    daysAgo: 1.9,
    by: 1,
    method: 'site_setoption',
    kind: 'options',
    site: 'nordic-outdoor.example',
    option: 'autopatching',
    value: '1',
  },
  {
    daysAgo: 2.5,
    by: 2,
    method: 'site_scan',
    kind: 'scans',
    site: 'menu.casa-lucia.example',
    result: 146_901,
    error: 'notAvailable',
  },
  {
    daysAgo: 2.9,
    by: 2,
    method: 'sites_add',
    kind: 'shares',
    site: 'menu.casa-lucia.example',
    unit: 'info@casa-lucia.example',
  },
  {
    daysAgo: 3.4,
    by: 0,
    method: 'site_setoption',
    kind: 'options',
    site: 'casa-lucia.example',
    option: 'scanperiod',
    value: 'day',
  },
  { daysAgo: 4.1, by: 1, method: 'site_scan', kind: 'scans', site: 'lindqvist-law.example' },
  { daysAgo: 4.6, by: 0, method: 'agency_update', kind: 'agency' },
  {
    daysAgo: 5.2,
    by: 2,
    method: 'site_setoption',
    kind: 'options',
    site: 'northwind-hosting.example',
    option: 'autopatching',
    value: '1',
  },
  {
    daysAgo: 6.0,
    by: 1,
    method: 'site_setoption',
    kind: 'options',
    site: 'brightpath-school.example',
    option: 'scanperiod',
    value: 'week',
  },
  {
    daysAgo: 6.5,
    by: 0,
    method: 'site_unshare',
    kind: 'shares',
    site: 'oldblog.example',
    unit: 'contact@pixel-forge.example',
  },
  {
    daysAgo: 8.0,
    by: 1,
    method: 'unit_update',
    kind: 'units',
    unit: 'office@lindqvist-law.example',
    value: 'it@lindqvist-law.example',
  },
  {
    daysAgo: 10.0,
    by: 1,
    method: 'sites_add',
    kind: 'shares',
    site: 'staging.pixel-forge.example',
    unit: 'contact@pixel-forge.example',
  },
  {
    daysAgo: 12.0,
    by: 2,
    method: 'site_setoption',
    kind: 'options',
    site: 'harbor-motors.example',
    option: 'firewall',
    value: 'disable',
  },
  { daysAgo: 13.0, by: 0, method: 'site_scan', kind: 'scans', site: 'pixel-forge.example' },
];

/** A colleague's key id: 16 hex digits like a real one, never a hash of a key. */
function demoKeyId(accountId: string, name: string): string {
  return createHash('sha256').update(`workspace demo colleague\0${accountId}\0${name}`).digest('hex').slice(0, 16);
}

/**
 * Seeds the account's workspace, replacing whatever it kept for that id
 * before (a removed demo account's id may come again). `now` in UNIX ms.
 */
export async function seedDemoWorkspace(store: WorkspaceStore, seed: DemoWorkspaceSeed, now: number): Promise<void> {
  const account = seed.accountId;
  const email = seed.email.trim().toLowerCase();
  const who: Who[] = DEMO_COLLEAGUES.map((name) => ({
    userEmail: email,
    keyId: demoKeyId(account, name),
    personName: name,
  }));
  const sites = new Set(seed.sites.flatMap((s) => siteKey(s) ?? []));
  const customerOf = new Map<string, string>();
  await store.forgetAccount(account);

  for (const [i, customer] of seed.customers.entries()) {
    const unit = unitKey(customer.email);
    if (unit === null) continue;
    const domains = customer.sites.flatMap((s) => siteKey(s) ?? []);
    for (const domain of domains) customerOf.set(domain, unit);
    await store.addUnits(account, [unit], Math.min(customer.addedAt, now), 'write');
    // Each checked with sites_list?unit= within the last day, a few minutes apart.
    await store.recordUnitCheck(account, unit, domains, now - 3 * HOUR - i * 7 * 60_000);
  }
  await store.setReconciledAt(account, now - 3 * HOUR);

  const entries: NewActivity[] = [];
  for (const step of SCRIPT) {
    const site = step.site === undefined ? null : siteKey(step.site);
    if (site !== null && !sites.has(site)) continue;
    const unit = step.unit ?? (site === null ? null : (customerOf.get(site) ?? null));
    if (step.method === 'unit_update' && !seed.customers.some((c) => unitKey(c.email) === step.value)) continue;
    entries.push({
      at: now - Math.round(step.daysAgo * DAY),
      method: step.method,
      kind: step.kind,
      site,
      unit,
      option: step.option ?? null,
      value: step.value ?? null,
      result: step.result ?? 0,
      error: step.error ?? null,
      who: who[step.by] as Who,
    });
  }
  await store.activity.append(account, entries);

  // Automatic patching as last set: by the colleague the log names, else by one of them weeks ago.
  for (const [i, name] of seed.patchingOn.entries()) {
    const domain = siteKey(name);
    if (domain === null) continue;
    const set = entries.find((e) => e.site === domain && e.option === 'autopatching');
    await store.setPatching(
      account,
      domain,
      true,
      set?.who ?? (who[i % who.length] as Who),
      set?.at ?? now - (20 + (i % 9)) * DAY,
    );
  }
  for (const e of entries)
    if (e.error === 'notAvailable' && e.site !== null) await store.syncRefused(account, e.site, e.at);

  // The colleagues' keys, last seen at their last change, named.
  for (const [i, colleague] of who.entries()) {
    const last = entries.find((e) => e.who.keyId === colleague.keyId)?.at ?? now - (i + 1) * DAY;
    await store.rememberKey({ keyId: colleague.keyId, accountId: account, userEmail: email }, last);
    await store.setPersonName(account, colleague.keyId, colleague.personName);
  }
}
