/**
 * A demo account as the team's workspace needs to see it when it is seeded
 * (server/demo-workspace.ts): its e-mail, its customers (units) with the
 * sites shared with each, its sites, and those with automatic patching on.
 * Read from the sandbox's database; times in UNIX ms.
 */
import { prepared, type Db } from '../db.ts';

export interface DemoAccountView {
  accountId: string;
  email: string;
  customers: Array<{ email: string; addedAt: number; sites: string[] }>;
  sites: string[];
  patchingOn: string[];
}

/** Told when a demo account is made (the shared one, or a visitor's copy) or removed. */
export interface DemoAccountListener {
  /** The account is in the database, committed; the caller waits for this before it answers. */
  created(userId: number): Promise<void>;
  removed(userIds: readonly number[]): void;
}

export function demoAccountView(db: Db, userId: number): DemoAccountView | null {
  const user = prepared(db, 'SELECT email FROM users WHERE id = ?').get(userId) as { email: string } | undefined;
  if (user === undefined) return null;
  const units = prepared(db, 'SELECT id, email, created FROM units WHERE user_id = ? ORDER BY id').all(
    userId,
  ) as Array<{
    id: number;
    email: string;
    created: number;
  }>;
  const sites = prepared(db, 'SELECT domain, unit_id, autopatching FROM sites WHERE user_id = ? ORDER BY id').all(
    userId,
  ) as Array<{ domain: string; unit_id: number | null; autopatching: number }>;
  const byUnit = new Map<number, string[]>();
  for (const site of sites) {
    if (site.unit_id === null) continue;
    const list = byUnit.get(site.unit_id) ?? [];
    list.push(site.domain);
    byUnit.set(site.unit_id, list);
  }
  return {
    accountId: String(userId),
    email: user.email,
    customers: units.map((u) => ({ email: u.email, addedAt: u.created * 1000, sites: byUnit.get(u.id) ?? [] })),
    sites: sites.map((s) => s.domain),
    patchingOn: sites.filter((s) => s.autopatching === 1).map((s) => s.domain),
  };
}
