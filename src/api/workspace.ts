/**
 * The browser's client of the team's workspace (server/workspace/,
 * docs/workspace.md). Every call carries the session's key and its signature
 * of `/api/api_userinfo/`, which the server has the upstream check: the
 * workspace believes nothing else the browser says about who it is.
 * Isomorphic: no DOM, no React.
 */
import type { Credentials } from './credentials.ts';
import { WorkspaceError } from './errors.ts';
import { FLEET_REFRESH_TARGET, fleetEndpoints } from './fleet.ts';
import type {
  ActivityFilter,
  ActivityPage,
  PatchingState,
  PeriodSet,
  RefusedOption,
  SiteCustomer,
  SyncEvidence,
  Unit,
} from './workspace-types.ts';

export type * from './workspace-types.ts';
export { WorkspaceError };

/** The request target a workspace call signs (the server forwards it to the upstream). */
/** @public The dashboard's workspace pages use it (docs/workspace.md). */
export const WORKSPACE_PROOF_TARGET = '/api/api_userinfo/';

export interface WorkspaceMe {
  account: { id: string; email: string };
  key: { id: string; name: string | null };
}

export interface WorkspaceState extends WorkspaceMe {
  /** How many units the directory has (the directory itself: `units()`). */
  unitCount: number;
  reconciledAt: number | null;
  refusedOptions: RefusedOption[];
}

export interface WorkspaceKey {
  id: string;
  email: string;
  name: string | null;
  lastSeen: number;
}

export interface WorkspaceClientOptions {
  /** The dashboard's origin ('' for the page's own). */
  baseUrl: string;
  getCredentials: () => Credentials | null;
  fetch?: typeof globalThis.fetch;
}

/** The methods a request may be sent twice with (RFC 9110 §9.2.2): the workspace's GET, PUT and DELETE. */
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

export function createWorkspaceClient(options: WorkspaceClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let signature: { macKey: string; value: string } | null = null;

  async function headers(): Promise<Record<string, string>> {
    const credentials = options.getCredentials();
    if (credentials === null) throw new WorkspaceError(401, 'no-key', 'Not signed in');
    const out: Record<string, string> = { 'X-Apikey': credentials.apiKey };
    const macKey = credentials.macKey ?? '';
    if (macKey !== '') {
      if (signature?.macKey !== macKey) {
        const { hmacMd5Hex } = await import('./sign.ts');
        signature = { macKey, value: hmacMd5Hex(macKey, WORKSPACE_PROOF_TARGET) };
      }
      out['X-Apimac'] = signature.value;
    }
    return out;
  }

  let fleetSignature: { macKey: string; value: string } | null = null;
  /** The signature of the fleet's read (src/api/fleet.ts), made once per mac key. */
  async function fleetMac(): Promise<string | null> {
    const macKey = options.getCredentials()?.macKey ?? '';
    if (macKey === '') return null;
    if (fleetSignature?.macKey !== macKey) {
      const { hmacMd5Hex } = await import('./sign.ts');
      fleetSignature = { macKey, value: hmacMd5Hex(macKey, FLEET_REFRESH_TARGET) };
    }
    return fleetSignature.value;
  }

  async function call(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const init: RequestInit = { method, headers: { ...(await headers()), ...extra }, cache: 'no-store' };
    if (body !== undefined) {
      init.headers = { ...init.headers, 'Content-Type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const url = `${options.baseUrl}/workspace/${path}`;
    let res: Response;
    try {
      try {
        res = await doFetch(url, init);
      } catch (error) {
        // A connection kept alive that the server had just closed (a busy machine's timers slip) fails
        // the request before it is read: a browser sends it again on a new connection by itself, Node's
        // fetch does not. A request that repeats safely is sent once more.
        if (!IDEMPOTENT.has(method)) throw error;
        res = await doFetch(url, init);
      }
    } catch (error) {
      // No answer at all: the server is down or out of reach (the catalogue's words say so).
      throw new WorkspaceError(0, 'network', "The dashboard's server could not be reached", { cause: error });
    }
    if (!res.ok) {
      const problem: unknown = await res.json().catch(() => null);
      const { error, message } = (problem ?? {}) as { error?: unknown; message?: unknown };
      throw new WorkspaceError(
        res.status,
        typeof error === 'string' ? error : 'http',
        typeof message === 'string' ? message : `HTTP ${res.status}`,
      );
    }
    return res;
  }

  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    (await call(method, path, body)).json() as Promise<T>;

  return {
    me: () => json<WorkspaceMe>('GET', 'me'),
    /** The person's name for this key (null or '' clears it): tells colleagues on one e-mail apart. */
    setName: (name: string | null) => json<WorkspaceMe>('PUT', 'me', { name }),
    keys: async () => (await json<{ keys: WorkspaceKey[] }>('GET', 'keys')).keys,
    state: () => json<WorkspaceState>('GET', 'state'),
    units: async () => (await json<{ units: Unit[] }>('GET', 'units')).units,
    /** The units whose e-mail contains `part` (the first `limit`, at most 200) and how many match. */
    findUnits: (part: string, limit = 50) =>
      json<{ units: Unit[]; total: number }>(
        'GET',
        `units?${new URLSearchParams({ q: part, limit: String(limit) }).toString()}`,
      ),
    /** Units looked up or imported (a browser's old directory, offered once). */
    addUnits: async (emails: readonly string[], source: 'lookup' | 'import') =>
      (await json<{ units: Unit[] }>('POST', 'units', { emails, source })).units,
    /** What sites_list?unit= answered for a unit: its sites, so the map agrees. */
    // The answers' bodies are read: a body left unread keeps the request open in a browser.
    reportUnitCheck: async (email: string, sites: readonly string[]) => {
      await json<{ ok: boolean }>('PUT', `units/${encodeURIComponent(email)}/sites`, { sites });
    },
    forgetUnit: async (email: string) => {
      await json<{ ok: boolean }>('DELETE', `units/${encodeURIComponent(email)}`);
    },
    /** The sites whose scan was refused for a missing synchronization file, until a scan starts. */
    syncEvidence: async () => (await json<{ syncEvidence: SyncEvidence[] }>('GET', 'sync-evidence')).syncEvidence,
    /** Patching as last set for these sites (at most 500; none known: not listed). */
    patching: async (domains: readonly string[]) =>
      (
        await json<{ patching: PatchingState[] }>(
          'GET',
          `patching?domains=${domains.map(encodeURIComponent).join(',')}`,
        )
      ).patching,
    /** The whole map of sites to customers (grows with the fleet: a list to pick from, not every page). */
    customers: () => json<{ sites: SiteCustomer[]; reconciledAt: number | null }>('GET', 'customers'),
    /** The customer one site is shared with, as the workspace knows it; null when none is known. */
    customerOf: async (domain: string) =>
      (await json<{ unit: string | null }>('GET', `customers/${encodeURIComponent(domain)}`)).unit,
    markReconciled: async () => (await json<{ reconciledAt: number }>('PUT', 'customers/reconciled')).reconciledAt,
    /** The sites whose scan period was set through the dashboard lately (as long as it matters), with when. */
    periodSet: async () => (await json<{ sites: PeriodSet[] }>('GET', 'period-set')).sites,
    /** When this browser set sites' scan period, as it kept it before the workspace did (offered once). */
    importPeriodSet: async (sites: readonly PeriodSet[]) => {
      await json<{ ok: boolean }>('POST', 'period-set', { sites });
    },
    activity: (filter: ActivityFilter = {}, page: { limit?: number; before?: string | null } = {}) =>
      json<ActivityPage>('GET', `activity${activityQuery(filter, page)}`),
    /** The filtered log as CSV text (the whole of it, oldest last). */
    activityCsv: async (filter: ActivityFilter = {}) =>
      (await call('GET', `activity.csv${activityQuery(filter)}`)).text(),
    /** The fleet as the server last read it: windows of sites, the overview's figures, one site. */
    fleet: fleetEndpoints(
      async (path, extra) => (await call('GET', path, undefined, extra)).json() as Promise<unknown>,
      fleetMac,
      async (path, extra, body) => (await call('POST', path, body, extra)).json() as Promise<unknown>,
    ),
  };
}

/** @public The dashboard's workspace pages use it (docs/workspace.md). */
export type WorkspaceClient = ReturnType<typeof createWorkspaceClient>;

/** @public The dashboard's workspace pages use it (docs/workspace.md). */
export function activityQuery(filter: ActivityFilter, page: { limit?: number; before?: string | null } = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filter, limit: page.limit, before: page.before ?? undefined })) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
