/**
 * "Try the demo" gives each visitor a demo account of their own (docs/sandbox.md,
 * "Try the demo"): a fresh copy of the demo seed (the same sites, units, reports
 * and history, alive like the shared one) under an e-mail of its own, removed
 * with its keys, mails and codes after SANDBOX_DEMO_HOURS on the sandbox clock.
 * Nobody sees another visitor's changes, and nothing a visitor does outlives the
 * copy. The shared demo account (SANDBOX_SEED's, for the e-mail sign-in) stays
 * as it is. The live copies are listed in the meta table.
 */
import { seedDemo } from '../seed.ts';
import { randomHex, type SandboxState } from '../state.ts';
import { deleteAccount, maxSiteId } from '../store/account-deletion.ts';
import { demoCopies, writeCopies, type DemoCopy } from './copy-list.ts';

/** Removes the copies whose time has come, with everything they own; how many went. Cheap when none has. */
export function sweepDemoCopies(state: SandboxState): number {
  const { db } = state;
  const now = state.now();
  if (!demoCopies(db).some((copy) => copy.expiresAt <= now)) return 0;
  const gone = db.transaction(() => {
    const copies = demoCopies(db);
    const expired = copies.filter((copy) => copy.expiresAt <= now);
    for (const copy of expired) deleteAccount(db, copy.userId, copy.email);
    writeCopies(
      db,
      copies.filter((copy) => copy.expiresAt > now),
    );
    return expired.map((copy) => copy.userId);
  })();
  state.demoListener?.removed(gone);
  return gone.length;
}

/** A new copy of the demo seed under an e-mail of its own (`demo-<hex>@partner.example`). */
export function createDemoCopy(state: SandboxState): DemoCopy {
  const { db } = state;
  return db.transaction((): DemoCopy => {
    const email = `demo-${randomHex(6)}@partner.example`;
    const seeded = seedDemo(state, state.config.demoSites, maxSiteId(db) + 1, email);
    const copy = { userId: seeded.userId, email, expiresAt: state.now() + state.config.demoCopies.hours * 3600 };
    writeCopies(db, [...demoCopies(db), copy]);
    return copy;
  })();
}
