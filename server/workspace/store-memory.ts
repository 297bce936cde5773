/**
 * The rest of what the API does not report: the account's keys (by id, with
 * a person's name), automatic patching as last set, options refused for the
 * key (145904), sync-file refusals (146901) and when a site's scan period
 * was last set.
 */
import { SCAN_PERIODS } from '../../src/api/registry/sites.ts';
import type { WorkspaceDb } from './db.ts';
import type { KeyIdentity, KeyRecord, PatchingState, PeriodSet, RefusedOption, SyncEvidence, Who } from './types.ts';

/**
 * How long the time a scan period was set matters: the longest period (a
 * month) and the day a scan may be late (src/lib/scan-schedule.ts). Past
 * that, the site's own reports say whether its scans come.
 */
export const PERIOD_SET_KEPT_MS = (SCAN_PERIODS.month + 86_400) * 1000;

/** Rows written by one statement (3 parameters each: within either engine's limit). */
const PERIOD_ROWS_PER_INSERT = 500;

export function memoryStore(db: WorkspaceDb) {
  return {
    /** Records a key the upstream proved (or refreshes when it was seen); returns it with its person's name. */
    async rememberKey(identity: KeyIdentity, at: number): Promise<KeyRecord> {
      await db
        .insertInto('ws_key')
        .values({
          key_id: identity.keyId,
          account_id: identity.accountId,
          user_email: identity.userEmail,
          person_name: null,
          first_seen: at,
          last_seen: at,
        })
        .onConflict((oc) =>
          oc
            .column('key_id')
            .doUpdateSet({ account_id: identity.accountId, user_email: identity.userEmail, last_seen: at }),
        )
        .execute();
      const row = await db
        .selectFrom('ws_key')
        .select('person_name')
        .where('key_id', '=', identity.keyId)
        .executeTakeFirst();
      return { ...identity, personName: row?.person_name ?? null };
    },

    async keyOf(keyId: string): Promise<KeyRecord | null> {
      const row = await db.selectFrom('ws_key').selectAll().where('key_id', '=', keyId).executeTakeFirst();
      return row === undefined
        ? null
        : { keyId: row.key_id, accountId: row.account_id, userEmail: row.user_email, personName: row.person_name };
    },

    async keys(accountId: string): Promise<Array<KeyRecord & { lastSeen: number }>> {
      const rows = await db
        .selectFrom('ws_key')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('last_seen', 'desc')
        .execute();
      return rows.map((r) => ({
        keyId: r.key_id,
        accountId: r.account_id,
        userEmail: r.user_email,
        personName: r.person_name,
        lastSeen: r.last_seen,
      }));
    },

    async setPersonName(accountId: string, keyId: string, name: string | null): Promise<void> {
      await db
        .updateTable('ws_key')
        .set({ person_name: name })
        .where('key_id', '=', keyId)
        .where('account_id', '=', accountId)
        .execute();
    },

    async setPatching(accountId: string, domain: string, enabled: boolean, who: Who, at: number): Promise<void> {
      const values = {
        enabled: enabled ? 1 : 0,
        set_at: at,
        set_by_email: who.userEmail,
        set_by_key: who.keyId,
        set_by_name: who.personName,
      };
      await db
        .insertInto('ws_patching')
        .values({ account_id: accountId, domain, ...values })
        .onConflict((oc) => oc.columns(['account_id', 'domain']).doUpdateSet(values))
        .execute();
    },

    /** Patching as last set for these sites (as the workspace keys them); every site's without `domains`. */
    async patching(accountId: string, domains?: readonly string[]): Promise<PatchingState[]> {
      if (domains?.length === 0) return [];
      let query = db.selectFrom('ws_patching').selectAll().where('account_id', '=', accountId);
      if (domains !== undefined) query = query.where('domain', 'in', [...domains]);
      const rows = await query.orderBy('domain').execute();
      return rows.map((r) => ({
        domain: r.domain,
        enabled: r.enabled === 1,
        setAt: r.set_at,
        setBy: { userEmail: r.set_by_email, keyId: r.set_by_key, personName: r.set_by_name },
      }));
    },

    async refuseOption(accountId: string, option: string, at: number): Promise<void> {
      await db
        .insertInto('ws_refused_option')
        .values({ account_id: accountId, option, refused_at: at })
        .onConflict((oc) => oc.columns(['account_id', 'option']).doUpdateSet({ refused_at: at }))
        .execute();
    },

    async refusedOptions(accountId: string): Promise<RefusedOption[]> {
      const rows = await db
        .selectFrom('ws_refused_option')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('option')
        .execute();
      return rows.map((r) => ({ option: r.option, refusedAt: r.refused_at }));
    },

    /** site_scan answered 146901 (no synchronization file): said once for everyone. */
    async syncRefused(accountId: string, domain: string, at: number): Promise<void> {
      await db
        .insertInto('ws_sync_evidence')
        .values({ account_id: accountId, domain, refused_at: at })
        .onConflict((oc) => oc.columns(['account_id', 'domain']).doUpdateSet({ refused_at: at }))
        .execute();
    },

    /** A scan started: the file is there now. */
    async syncWorked(accountId: string, domain: string): Promise<void> {
      await db
        .deleteFrom('ws_sync_evidence')
        .where('account_id', '=', accountId)
        .where('domain', '=', domain)
        .execute();
    },

    async syncEvidence(accountId: string): Promise<SyncEvidence[]> {
      const rows = await db
        .selectFrom('ws_sync_evidence')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('domain')
        .execute();
      return rows.map((r) => ({ domain: r.domain, refusedAt: r.refused_at }));
    },

    /** Sites' scan period set at these times (a write, or an import): an older time does not replace a newer one. */
    async periodSet(accountId: string, sites: readonly PeriodSet[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < sites.length; i += PERIOD_ROWS_PER_INSERT) {
          const rows = sites
            .slice(i, i + PERIOD_ROWS_PER_INSERT)
            .map((s) => ({ account_id: accountId, domain: s.domain, set_at: s.setAt }));
          await trx
            .insertInto('ws_period_set')
            .values(rows)
            .onConflict((oc) =>
              oc
                .columns(['account_id', 'domain'])
                .doUpdateSet((eb) => ({ set_at: eb.ref('excluded.set_at') }))
                .where((eb) => eb('ws_period_set.set_at', '<', eb.ref('excluded.set_at'))),
            )
            .execute();
        }
      });
    },

    /** The sites whose scan period was set at `since` or later. */
    async periodsSetSince(accountId: string, since: number): Promise<PeriodSet[]> {
      const rows = await db
        .selectFrom('ws_period_set')
        .select(['domain', 'set_at'])
        .where('account_id', '=', accountId)
        .where('set_at', '>=', since)
        .orderBy('domain')
        .execute();
      return rows.map((r) => ({ domain: r.domain, setAt: r.set_at }));
    },

    /** Forgets the times older than `before`, across accounts; returns how many. */
    async prunePeriodsSet(before: number): Promise<number> {
      const result = await db.deleteFrom('ws_period_set').where('set_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MemoryStore = ReturnType<typeof memoryStore>;
