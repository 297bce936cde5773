/**
 * `npm run demo:reset` (reset-main.ts): the demo account back to its seed, in
 * one transaction, while a server may be running on the same database file.
 * The running server reads everything from the file on each call; what it keeps
 * in memory is keyed so that nothing stale shows: report JSON by report id
 * (never reused: AUTOINCREMENT), firewall history by site id, and the new
 * sites get ids above every id in the table before the reset.
 */
import { setMeta } from '../db.ts';
import { demoSiteLimit, seedDemo, type SeedSummary } from '../seed.ts';
import type { SandboxState } from '../state.ts';
import { deleteAccount, maxSiteId, type DeletedAccount } from '../store/account-deletion.ts';
import { findUserByEmail } from '../store/users.ts';
import { DEMO_EMAIL } from './fixtures.ts';

export interface DemoReset {
  /** What was removed; null when there was no demo account. */
  removed: DeletedAccount | null;
  seeded: SeedSummary;
  siteLimit: number;
}

export function resetDemo(state: SandboxState): DemoReset {
  const { db } = state;
  return db
    .transaction((): DemoReset => {
      const user = findUserByEmail(db, DEMO_EMAIL);
      const firstSiteId = maxSiteId(db) + 1;
      const removed = user ? deleteAccount(db, user.id, DEMO_EMAIL) : null;
      const seeded = seedDemo(state, state.config.demoSites, firstSiteId);
      // The demo exists now: the seed at start-up must not add a second one, and /sandbox/health names it.
      setMeta(db, 'seeded', '1');
      return { removed, seeded, siteLimit: demoSiteLimit(seeded.sites) };
    })
    .immediate();
}
