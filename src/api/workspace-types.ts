/** What the workspace keeps, as its HTTP API gives it (server/workspace/, docs/workspace.md). Times are UNIX ms. Isomorphic. */

/** A key as the upstream proved it: its id (a hash prefix, server/workspace/identity.ts), its account and user. */
export interface KeyIdentity {
  keyId: string;
  accountId: string;
  userEmail: string;
}

export interface KeyRecord extends KeyIdentity {
  personName: string | null;
}

/** Who made a change: the account's user e-mail, the key's id and the person's name given for the key. */
export interface Who {
  userEmail: string;
  keyId: string;
  personName: string | null;
}

export interface Unit {
  email: string;
  addedAt: number;
  /** `write` (seen passing through), `lookup`, `import`. */
  source: string;
  /** Sites the map gives it now (from writes and checks). */
  siteCount: number;
  /** The last check with sites_list?unit=, null before any. */
  checkedAt: number | null;
}

export interface SiteCustomer {
  domain: string;
  unit: string;
  setAt: number;
}

export interface PatchingState {
  domain: string;
  enabled: boolean;
  setAt: number;
  setBy: Who;
}

export interface RefusedOption {
  option: string;
  refusedAt: number;
}

export interface SyncEvidence {
  domain: string;
  refusedAt: number;
}

/** When a site's scan period was last set through the dashboard (site_setoption scanperiod). */
export interface PeriodSet {
  domain: string;
  setAt: number;
}

export type ActivityKind = 'sites' | 'options' | 'scans' | 'shares' | 'units' | 'agency';
export const ACTIVITY_KINDS: readonly ActivityKind[] = ['sites', 'options', 'scans', 'shares', 'units', 'agency'];

export interface NewActivity {
  at: number;
  method: string;
  kind: ActivityKind;
  site: string | null;
  /** The customer concerned: the unit written, or the site's customer at the time. */
  unit: string | null;
  option: string | null;
  value: string | null;
  /** The envelope's `error`, 0 for success. */
  result: number;
  /** The error's registry name, null for success. */
  error: string | null;
  who: Who;
}

export interface ActivityEntry extends NewActivity {
  id: number;
}

export interface ActivityFilter {
  /** The user's e-mail. */
  user?: string;
  /** A key's id: one person's sign-in when colleagues share the e-mail. */
  key?: string;
  site?: string;
  unit?: string;
  kind?: ActivityKind;
  /** From this time on (inclusive). */
  from?: number;
  /** Before this time (exclusive). */
  to?: number;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** The cursor of the next (older) page, null at the end. */
  next: string | null;
}
