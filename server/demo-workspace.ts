/**
 * In sandbox mode, the demo accounts' workspaces: each demo account (the
 * shared one, and each visitor's copy from "Try the demo") gets its team's
 * workspace when it is made (server/workspace/demo-seed.ts), and a copy's is
 * forgotten when the copy is removed. At start-up, a demo account the
 * workspace knows nothing of (a new workspace database, an account made by
 * `npm run demo:reset` in another process) is seeded too.
 */
import type { Sandbox } from './sandbox/app.ts';
import { demoAccountView } from './sandbox/demo/account-view.ts';
import { demoUserIds } from './sandbox/demo/copy-list.ts';
import { seedDemoWorkspace } from './workspace/demo-seed.ts';
import type { WorkspaceStore } from './workspace/store.ts';

export async function connectDemoWorkspace(
  sandbox: Sandbox,
  store: WorkspaceStore,
  log: (line: string) => void,
  now: () => number = Date.now,
): Promise<void> {
  const { db } = sandbox.state;
  const failed = (what: string) => (err: unknown) =>
    log(`workspace: ${what} a demo account's workspace failed: ${err instanceof Error ? err.name : 'error'}`);
  const seed = async (userId: number) => {
    const view = demoAccountView(db, userId);
    if (view !== null) await seedDemoWorkspace(store, view, now()).catch(failed('seeding'));
  };
  sandbox.state.demoListener = {
    created: seed,
    removed: (userIds) => {
      for (const id of userIds) void store.forgetAccount(String(id)).catch(failed('forgetting'));
    },
  };
  try {
    for (const userId of demoUserIds(db)) {
      if (!(await store.knowsAccount(String(userId)))) await seed(userId);
    }
  } catch (err) {
    // The server starts all the same: the demo then shows an empty workspace.
    failed('checking')(err);
  }
}
