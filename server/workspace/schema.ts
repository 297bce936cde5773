/**
 * The workspace's tables as Kysely sees them (./migrations.ts makes them).
 * Times are UNIX milliseconds. Every row but the sign-in limits' belongs to
 * one partner account (`account_id`, the user id api_userinfo names); keys
 * appear only as `key_id`, a hash prefix (./identity.ts), never as themselves.
 */
import type { Generated } from 'kysely';
import type { ReadModelTables } from '../readmodel/schema.ts';

interface KeyTable {
  key_id: string;
  account_id: string;
  user_email: string;
  /** The person's name given for this key (shared e-mails tell colleagues apart by it). */
  person_name: string | null;
  first_seen: number;
  last_seen: number;
}

interface UnitTable {
  account_id: string;
  email: string;
  added_at: number;
  /** How the unit came to the directory: a write, a look-up, an import. */
  source: string;
  checked_at: number | null;
}

interface SiteUnitTable {
  account_id: string;
  domain: string;
  unit_email: string;
  set_at: number;
}

interface PatchingTable {
  account_id: string;
  domain: string;
  enabled: number;
  set_at: number;
  set_by_email: string;
  set_by_key: string;
  set_by_name: string | null;
}

interface RefusedOptionTable {
  account_id: string;
  option: string;
  refused_at: number;
}

interface SyncEvidenceTable {
  account_id: string;
  domain: string;
  refused_at: number;
}

interface PeriodSetTable {
  account_id: string;
  domain: string;
  set_at: number;
}

interface AccountStateTable {
  account_id: string;
  reconciled_at: number | null;
}

export interface ActivityTable {
  id: Generated<number>;
  account_id: string;
  at: number;
  method: string;
  kind: string;
  site: string | null;
  unit: string | null;
  option: string | null;
  value: string | null;
  /** The envelope's `error`: 0 for success. */
  result: number;
  /** The error's registry name (or `entryRefused` for one sites_add entry), null for success. */
  error_name: string | null;
  user_email: string;
  key_id: string;
  person_name: string | null;
}

interface LoginEventTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  at: number;
}

export interface WorkspaceDatabase extends ReadModelTables {
  ws_key: KeyTable;
  ws_unit: UnitTable;
  ws_site_unit: SiteUnitTable;
  ws_patching: PatchingTable;
  ws_refused_option: RefusedOptionTable;
  ws_sync_evidence: SyncEvidenceTable;
  ws_period_set: PeriodSetTable;
  ws_account: AccountStateTable;
  ws_activity: ActivityTable;
  ws_login_event: LoginEventTable;
}
