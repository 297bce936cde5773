/**
 * A whole account's workspace at once: whether the workspace knows an
 * account at all, and forgetting everything it keeps for one (a demo account
 * removed, or made anew under an id a removed one had).
 */
import type { WorkspaceDb } from './db.ts';

/** Every table whose rows belong to one account. */
const ACCOUNT_TABLES = [
  'ws_activity',
  'ws_key',
  'ws_unit',
  'ws_site_unit',
  'ws_patching',
  'ws_refused_option',
  'ws_sync_evidence',
  'ws_period_set',
  'ws_account',
] as const;

export function accountStore(db: WorkspaceDb) {
  return {
    /** True when the workspace keeps anything for the account: a key, a customer or an activity entry. */
    async knowsAccount(accountId: string): Promise<boolean> {
      for (const table of ['ws_key', 'ws_unit', 'ws_activity'] as const) {
        const row = await db
          .selectFrom(table)
          .select('account_id')
          .where('account_id', '=', accountId)
          .limit(1)
          .executeTakeFirst();
        if (row !== undefined) return true;
      }
      return false;
    },

    /** Deletes everything kept for the account, in one transaction. */
    async forgetAccount(accountId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const table of ACCOUNT_TABLES) {
          await trx.deleteFrom(table).where('account_id', '=', accountId).execute();
        }
      });
    },
  };
}

export type AccountStore = ReturnType<typeof accountStore>;
