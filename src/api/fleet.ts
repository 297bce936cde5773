/**
 * The read model's page endpoints (server/readmodel/, docs/workspace.md#the-read-model):
 * the browser asks the server for a window of the sites table, the
 * overview's figures already summed, or one site, instead of the whole
 * fleet from `sites_list`. The requests are typed here, the answers checked
 * with zod. Isomorphic: no DOM, no React.
 */
import * as z from 'zod/mini';
import {
  CUSTOMER_FILTERS,
  ON_OFF_FILTERS,
  PERIOD_FILTERS,
  SCAN_FILTERS,
  STATUSES,
  type SiteStatus,
  type SortColumn,
} from './fleet-views.ts';
import { siteSchema } from './schemas.ts';

/** The signed target the server reads the fleet with (docs/partner-api.md#sites_list). */
export const FLEET_REFRESH_TARGET = '/api/sites_list/?withscanreport&withfwhistory';
/** The header carrying the signature of FLEET_REFRESH_TARGET (keys with a mac key). */
export const FLEET_MAC_HEADER = 'X-Fleet-Apimac';

/** Rows in one window at most. */
export const FLEET_MAX_LIMIT = 500;
/** Sites a view keeps whatever its filters (a row just changed stays until the user moves on), at most. */
export const FLEET_MAX_KEEP = 100;
/** Domains one answer of `fleet/domains` names at most (a selection of every matching site). */
export const FLEET_MAX_DOMAINS = 100_000;

/** A window's request: the sites page's search params, and which rows. Omitted: the defaults. */
export interface FleetQuery {
  sort?: SortColumn;
  dir?: 'asc' | 'desc';
  offset?: number;
  /** 1 to FLEET_MAX_LIMIT, default 50. */
  limit?: number;
  q?: string;
  status?: 'any' | SiteStatus;
  firewall?: (typeof ON_OFF_FILTERS)[number];
  cleanup?: (typeof ON_OFF_FILTERS)[number];
  period?: (typeof PERIOD_FILTERS)[number];
  scan?: (typeof SCAN_FILTERS)[number];
  /** The customer's (unit's) e-mail. */
  unit?: string;
  /** Sites not shared with this customer (its e-mail), as the team's workspace knows them: the Share dialog's. */
  except?: string;
  /** Whether a customer is known for the site. */
  customer?: (typeof CUSTOMER_FILTERS)[number];
  /** Sites that pass every filter and the search (at most FLEET_MAX_KEEP). */
  keep?: readonly string[];
}

const int = z.int();
const freshness = {
  /** When the fleet was last read from the API (UNIX ms); null before the first read. */
  asOf: z.nullable(int),
  /** A read from the API is under way (the answer is what was known before it). */
  refreshing: z.boolean(),
  /** Why the last read failed (`upstream-error:<the service's code>`, `upstream-down`, `no-signature`, …); null when it worked. */
  refreshError: z.nullable(z.string()),
};

/** One site as the table shows it: the API's fields (its report, no history) and what the dashboard knows. */
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export const fleetRowSchema = z.extend(z.omit(siteSchema, { fwhistory: true }), {
  status: z.enum(STATUSES),
  /** The customer (unit) the site is shared with, as the workspace knows it. */
  unit: z.nullable(z.string()),
  /** Automatic patching as last set through the dashboard; null when unknown. */
  patching: z.nullable(z.boolean()),
  /** When and by whom it was set (the account's user, the key, the person's name); null when unknown. */
  patchingSet: z.nullable(
    z.object({
      at: int,
      by: z.object({ userEmail: z.string(), keyId: z.string(), personName: z.nullable(z.string()) }),
    }),
  ),
  /** A scan this dashboard started whose report has not been read yet (UNIX ms). */
  scanningAt: z.nullable(int),
});
export type FleetRow = z.infer<typeof fleetRowSchema>;

/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export const fleetWindowSchema = z.object({
  ...freshness,
  total: int,
  offset: int,
  rows: z.array(fleetRowSchema),
});
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export type FleetWindow = z.infer<typeof fleetWindowSchema>;

const countsSchema = z.object({
  sites: int,
  incurable: int,
  infected: int,
  suspicious: int,
  errors: int,
  clean: int,
  never: int,
  scanDue: int,
  firewallOff: int,
  cleanupOff: int,
  firewallOn: int,
  cleanupOn: int,
  scannedRecently: int,
});

const PROBLEMS = ['incurable', 'infected', 'suspicious', 'errors', 'never', 'overdue', 'firewallOff'] as const;

const firewallDaySchema = z.object({
  date: z.string(),
  counts: z.nullable(
    z.object({ allowed: int, blocked: int, dos: int, injection: int, uploads: int, other: int, uniqueIps: int }),
  ),
});

/** The overview's figures: the same shapes as src/features/overview/fleet-summary.ts computes in the browser. */
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export const fleetSummarySchema = z.object({
  ...freshness,
  /** The time (UNIX seconds) the figures were computed for. */
  now: int,
  counts: countsSchema,
  attention: z.array(
    z.object({
      domain: z.string(),
      problems: z.array(z.enum(PROBLEMS)),
      threats: int,
      cleanup: z.boolean(),
      scanperiod: int,
      adddate: int,
    }),
  ),
  attentionTotal: int,
  /** The 30 days summed over the fleet, oldest first. */
  days: z.array(firewallDaySchema),
  topAttacked: z.array(z.object({ domain: z.string(), blocked: int })),
});
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export type FleetSummaryAnswer = z.infer<typeof fleetSummarySchema>;

/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export const fleetSiteSchema = z.object({
  ...freshness,
  site: z.extend(fleetRowSchema, { fwhistory: z.nullable(siteSchema.shape.fwhistory) }),
});
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export type FleetSiteAnswer = z.infer<typeof fleetSiteSchema>;

/** Every site of a view, in its order: the domains (at most FLEET_MAX_DOMAINS) and how many match. */
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export const fleetDomainsSchema = z.object({
  ...freshness,
  total: int,
  domains: z.array(z.string()),
});
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export type FleetDomainsAnswer = z.infer<typeof fleetDomainsSchema>;

/**
 * The sync file page's lists at `now` (UNIX seconds), the sites on the team's record of refusals left
 * out: `stopped`, whose scheduled scans stopped reporting (`since`: the last report's date), and
 * `never`, never scanned; each its first sites by domain and how many there are.
 */
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export const fleetScanHealthSchema = z.object({
  ...freshness,
  now: int,
  stopped: z.object({
    total: int,
    sites: z.array(z.object({ domain: z.string(), since: int, scanperiod: int })),
  }),
  never: z.object({ total: int, sites: z.array(z.string()) }),
});
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export type FleetScanHealthAnswer = z.infer<typeof fleetScanHealthSchema>;

/** Which of the hosts asked about are sites of the account as last read (none before the first read). */
const fleetKnownSchema = z.object({ ...freshness, known: z.array(z.string()) });
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export type FleetKnownAnswer = z.infer<typeof fleetKnownSchema>;

/** The scan watcher asks about this many sites in one request at most (it asks in parts). */
export const FLEET_MAX_SCANS = 1_000;

/**
 * How the scans of the sites asked about stand: the latest report's date (UNIX seconds, 0 before any)
 * and threats (-1 before any), and when a scan started through the dashboard began waiting for a newer
 * report (ms, server time; null when none waits). A site not in the fleet as last read is left out.
 */
const fleetScansSchema = z.object({
  ...freshness,
  scans: z.array(z.object({ domain: z.string(), reportDate: int, threats: int, scanningAt: z.nullable(int) })),
});
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export type FleetScansAnswer = z.infer<typeof fleetScansSchema>;

/** A window's query string (defaults left out, so equal views are equal URLs). */
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export function fleetQueryString(query: FleetQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text !== undefined && text !== '' && text !== 'any') params.set(name, String(text));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Calls the workspace with the session's credentials (src/api/workspace.ts `get`), the fleet signature added. */
type Get = (path: string, extra: Record<string, string>, body?: unknown) => Promise<unknown>;

/** The freshness alone: the answer to a refresh. */
const fleetFreshnessSchema = z.object(freshness);
/** @public The SPA's fleet pages use it (docs/workspace.md#the-read-model). */
export type FleetFreshness = z.infer<typeof fleetFreshnessSchema>;

/**
 * The fleet endpoints on top of a workspace caller; `fleetMac` signs FLEET_REFRESH_TARGET (null: a key without a mac key);
 * `post` (the same caller with POST) asks for a read now.
 */
export function fleetEndpoints(get: Get, fleetMac: () => Promise<string | null>, post: Get = get) {
  const call = async <T>(path: string, schema: z.ZodMiniType<T>, send: Get = get, body?: unknown): Promise<T> => {
    const mac = await fleetMac();
    return schema.parse(await send(path, mac === null ? {} : { [FLEET_MAC_HEADER]: mac }, body));
  };
  return {
    sites: (query: FleetQuery = {}) => call(`fleet/sites${fleetQueryString(query)}`, fleetWindowSchema),
    /** Every matching site's domain, in the view's order (`offset` and `limit` aside). */
    domains: (query: Omit<FleetQuery, 'offset' | 'limit'> = {}) =>
      call(`fleet/domains${fleetQueryString(query)}`, fleetDomainsSchema),
    /** `attention: 'all'`: every site that needs attention, not only the first 10. */
    summary: ({ attention }: { attention?: 'all' } = {}) =>
      call(attention === 'all' ? 'fleet/summary?attention=all' : 'fleet/summary', fleetSummarySchema),
    /** Asks the server to read the fleet again now (one read per account at a time); the answer says it is under way. */
    refresh: () => call('fleet/refresh', fleetFreshnessSchema, post),
    site: (domain: string) => call(`fleet/site/${encodeURIComponent(domain)}`, fleetSiteSchema),
    /**
     * The sync file page's lists, judged at `now` (UNIX seconds, this browser's clock): the first `limit`
     * (100 when left out; `all`: every one) of each whose domain contains `q`; with `list`, that list's
     * sites only (the other's count alone).
     */
    scanHealth: (
      now: number,
      { q = '', limit, list }: { q?: string; limit?: number | 'all'; list?: 'stopped' | 'never' } = {},
    ) => {
      const params = new URLSearchParams({ now: String(now) });
      if (q !== '') params.set('q', q);
      if (list !== undefined) params.set('list', list);
      if (limit !== undefined) params.set('limit', String(limit));
      return call(`fleet/scan-health?${params.toString()}`, fleetScanHealthSchema);
    },
    /** Which of these hosts are sites of the account (the Add sites dialog's "already there"). */
    known: (hosts: readonly string[]) => call('fleet/known', fleetKnownSchema, post, { hosts }),
    /**
     * How the scans of these sites (at most FLEET_MAX_SCANS) stand; `follow`: they wait for their
     * reports, a read of the fleet is to follow (the scan watcher's look).
     */
    scans: (domains: readonly string[], { follow = false }: { follow?: boolean } = {}) =>
      call('fleet/scans', fleetScansSchema, post, { domains, follow }),
  };
}
