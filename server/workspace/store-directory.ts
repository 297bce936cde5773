/**
 * The account's customers (units) directory and which customer each site
 * belongs to: neither is reported by the API (docs/architecture.md#what-the-api-does-not-give).
 */
import { sql } from 'kysely';
import type { WorkspaceDb } from './db.ts';
import type { SiteCustomer, Unit } from './types.ts';

/** Rows per statement: well under SQLite's 32,766 bound parameters. */
const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function directoryStore(db: WorkspaceDb) {
  return {
    /** The directory, each unit with the number of sites the map gives it now. */
    async units(accountId: string): Promise<Unit[]> {
      const [rows, counts] = await Promise.all([
        db.selectFrom('ws_unit').selectAll().where('account_id', '=', accountId).orderBy('email').execute(),
        db
          .selectFrom('ws_site_unit')
          .select((eb) => ['unit_email', eb.fn.countAll<number>().as('sites')])
          .where('account_id', '=', accountId)
          .groupBy('unit_email')
          .execute(),
      ]);
      const sites = new Map(counts.map((c) => [c.unit_email, Number(c.sites)]));
      return rows.map((r) => ({
        email: r.email,
        addedAt: r.added_at,
        source: r.source,
        siteCount: sites.get(r.email) ?? 0,
        checkedAt: r.checked_at,
      }));
    },

    /**
     * The units whose e-mail contains `part` (any case), by e-mail, the first `limit` of them, and
     * how many match: the sites page's Customer filter in a large directory asks for these alone.
     */
    async findUnits(accountId: string, part: string, limit: number): Promise<{ units: Unit[]; total: number }> {
      const like = `%${part
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, '\\$&')}%`;
      const matching = db
        .selectFrom('ws_unit')
        .where('account_id', '=', accountId)
        .where(sql<boolean>`email like ${like} escape '\\'`);
      const [rows, count] = await Promise.all([
        matching.selectAll().orderBy('email').limit(limit).execute(),
        matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      const emails = rows.map((r) => r.email);
      const counts =
        emails.length === 0
          ? []
          : await db
              .selectFrom('ws_site_unit')
              .select((eb) => ['unit_email', eb.fn.countAll<number>().as('sites')])
              .where('account_id', '=', accountId)
              .where('unit_email', 'in', emails)
              .groupBy('unit_email')
              .execute();
      const sites = new Map(counts.map((c) => [c.unit_email, Number(c.sites)]));
      return {
        units: rows.map((r) => ({
          email: r.email,
          addedAt: r.added_at,
          source: r.source,
          siteCount: sites.get(r.email) ?? 0,
          checkedAt: r.checked_at,
        })),
        total: Number(count?.n ?? 0),
      };
    },

    /** How many units the directory has (the state says it; the directory itself is asked apart). */
    async unitCount(accountId: string): Promise<number> {
      const row = await db
        .selectFrom('ws_unit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Adds units not yet in the directory; those already there keep how they came. */
    async addUnits(accountId: string, emails: readonly string[], at: number, source: string): Promise<void> {
      for (const part of chunks([...new Set(emails)])) {
        await db
          .insertInto('ws_unit')
          .values(
            part.map((email) => ({
              account_id: accountId,
              email,
              added_at: at,
              source,
              checked_at: null,
            })),
          )
          .onConflict((oc) => oc.columns(['account_id', 'email']).doNothing())
          .execute();
      }
    },

    /** A unit's e-mail changed (unit_update): its sites follow; onto an existing unit, the two merge. */
    async renameUnit(accountId: string, from: string, to: string, at: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('ws_unit').where('account_id', '=', accountId).where('email', '=', from).execute();
        await trx
          .insertInto('ws_unit')
          .values({
            account_id: accountId,
            email: to,
            added_at: at,
            source: 'write',
            checked_at: null,
          })
          .onConflict((oc) => oc.columns(['account_id', 'email']).doUpdateSet({ checked_at: null }))
          .execute();
        await trx
          .updateTable('ws_site_unit')
          .set({ unit_email: to, set_at: at })
          .where('account_id', '=', accountId)
          .where('unit_email', '=', from)
          .execute();
      });
    },

    /** A unit is gone (unit_delete, or forgotten): its sites have no customer any more. */
    async removeUnit(accountId: string, email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('ws_unit').where('account_id', '=', accountId).where('email', '=', email).execute();
        await trx
          .deleteFrom('ws_site_unit')
          .where('account_id', '=', accountId)
          .where('unit_email', '=', email)
          .execute();
      });
    },

    /** A site was shared with a unit (sites_add with share): the unit joins the directory. */
    async shareSites(
      accountId: string,
      pairs: ReadonlyArray<{ domain: string; unit: string }>,
      at: number,
    ): Promise<void> {
      if (pairs.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const part of chunks([...new Set(pairs.map((p) => p.unit))])) {
          await trx
            .insertInto('ws_unit')
            .values(
              part.map((email) => ({
                account_id: accountId,
                email,
                added_at: at,
                source: 'write',
                checked_at: null,
              })),
            )
            .onConflict((oc) => oc.columns(['account_id', 'email']).doNothing())
            .execute();
        }
        for (const part of chunks(pairs)) {
          await trx
            .insertInto('ws_site_unit')
            .values(part.map((p) => ({ account_id: accountId, domain: p.domain, unit_email: p.unit, set_at: at })))
            .onConflict((oc) =>
              oc.columns(['account_id', 'domain']).doUpdateSet((eb) => ({
                unit_email: eb.ref('excluded.unit_email'),
                set_at: eb.ref('excluded.set_at'),
              })),
            )
            .execute();
        }
      });
    },

    async unshareSite(accountId: string, domain: string, unit: string): Promise<void> {
      await db
        .deleteFrom('ws_site_unit')
        .where('account_id', '=', accountId)
        .where('domain', '=', domain)
        .where('unit_email', '=', unit)
        .execute();
    },

    /** A site left the account (site_delete): nothing is kept about it. */
    async forgetSite(accountId: string, domain: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const table of ['ws_site_unit', 'ws_patching', 'ws_sync_evidence', 'ws_period_set'] as const) {
          await trx.deleteFrom(table).where('account_id', '=', accountId).where('domain', '=', domain).execute();
        }
      });
    },

    /**
     * What sites_list?unit= answered for a unit: its site count and check
     * time, and the map made to agree (its sites are its, no others are).
     */
    async recordUnitCheck(accountId: string, email: string, domains: readonly string[], at: number): Promise<void> {
      const unique = [...new Set(domains)];
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ws_unit')
          .values({
            account_id: accountId,
            email,
            added_at: at,
            source: 'lookup',
            checked_at: at,
          })
          .onConflict((oc) => oc.columns(['account_id', 'email']).doUpdateSet({ checked_at: at }))
          .execute();
        await trx
          .deleteFrom('ws_site_unit')
          .where('account_id', '=', accountId)
          .where('unit_email', '=', email)
          .execute();
        for (const part of chunks(unique)) {
          await trx
            .insertInto('ws_site_unit')
            .values(part.map((domain) => ({ account_id: accountId, domain, unit_email: email, set_at: at })))
            .onConflict((oc) => oc.columns(['account_id', 'domain']).doUpdateSet({ unit_email: email, set_at: at }))
            .execute();
        }
      });
    },

    async siteCustomers(accountId: string): Promise<SiteCustomer[]> {
      const rows = await db
        .selectFrom('ws_site_unit')
        .select(['domain', 'unit_email', 'set_at'])
        .where('account_id', '=', accountId)
        .orderBy('domain')
        .execute();
      return rows.map((r) => ({ domain: r.domain, unit: r.unit_email, setAt: r.set_at }));
    },

    async customerOf(accountId: string, domain: string): Promise<string | null> {
      const row = await db
        .selectFrom('ws_site_unit')
        .select('unit_email')
        .where('account_id', '=', accountId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row?.unit_email ?? null;
    },

    async setReconciledAt(accountId: string, at: number): Promise<void> {
      await db
        .insertInto('ws_account')
        .values({ account_id: accountId, reconciled_at: at })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ reconciled_at: at }))
        .execute();
    },

    async reconciledAt(accountId: string): Promise<number | null> {
      const row = await db
        .selectFrom('ws_account')
        .select('reconciled_at')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.reconciled_at ?? null;
    },
  };
}

export type DirectoryStore = ReturnType<typeof directoryStore>;
