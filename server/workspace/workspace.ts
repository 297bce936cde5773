/**
 * The team's workspace (docs/workspace.md): what the API does not keep, kept
 * by the server for everyone on a partner account, beside the proxy and the
 * same in front of the real service or the sandbox. Opens the store
 * (SQLite, or PostgreSQL with DATABASE_URL), applies its migrations, and
 * gives the proxy its routes (/workspace/*), the recorder of the writes that
 * pass through, and, on a shared database, the sign-in limits' gate.
 */
import type { LoginGate, LoginLimits } from '../proxy/login-limits.ts';
import type { UpstreamLink } from '../proxy/upstream.ts';
import { createReadModel, type ReadModel, type ReadModelConfig } from '../readmodel/readmodel.ts';
import type { FleetFetch } from '../readmodel/refresh.ts';
import { fleetRoutes } from '../readmodel/routes.ts';
import { createIdentityProver } from './identity.ts';
import { createRecorder, type Recorder } from './recorder.ts';
import { workspaceRoutes, type WorkspaceBindings } from './routes.ts';
import { createSharedLoginGate } from './shared-login-gate.ts';
import { PERIOD_SET_KEPT_MS } from './store-memory.ts';
import { openWorkspaceStore, type WorkspaceLocation, type WorkspaceStore } from './store.ts';

export interface WorkspaceConfig {
  location: WorkspaceLocation;
  /** Activity entries older than this are deleted (WORKSPACE_ACTIVITY_DAYS). */
  retentionDays: number;
  /** The fleet as last read from the API (server/readmodel/). */
  readModel: ReadModelConfig;
}

export interface Workspace {
  store: WorkspaceStore;
  handle(request: Request, bindings: WorkspaceBindings): Promise<Response>;
  recorder: Recorder;
  readModel: ReadModel;
  /** The sign-in limits in the shared store (PostgreSQL only: SQLite is one process's file). */
  loginGate: LoginGate | null;
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;
/** Retention and old sign-in events are swept this often (and at start-up). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The longest sign-in limit window (server/config/login-limits.ts). */
const LONGEST_LIMIT_MS = DAY_MS;

export async function openWorkspace(
  config: WorkspaceConfig,
  options: {
    link: UpstreamLink;
    timeoutMs: number;
    loginLimits: LoginLimits;
    /** How the read model reads the fleet from the upstream (server/readmodel/refresh.ts). */
    fleetFetch: FleetFetch;
    log: (line: string) => void;
    now?: () => number;
  },
): Promise<Workspace> {
  const now = options.now ?? Date.now;
  const store = await openWorkspaceStore(config.location);
  const prover = createIdentityProver({ link: options.link, store, timeoutMs: options.timeoutMs, now });
  const readModel = createReadModel(store.db, config.readModel, { fetch: options.fleetFetch, log: options.log, now });
  const recorder = createRecorder(store, options.log, now, readModel.observeWrite);
  const routes = workspaceRoutes(
    store,
    prover,
    options.log,
    now,
    (app) => fleetRoutes(app, readModel, () => recorder.idle()),
    () => recorder.idle(),
  );

  const sweep = async () => {
    try {
      await store.activity.prune(now() - config.retentionDays * DAY_MS);
      await store.loginEvents.prune(now() - LONGEST_LIMIT_MS);
      await store.prunePeriodsSet(now() - PERIOD_SET_KEPT_MS);
      await readModel.sweep();
    } catch (err) {
      options.log(`workspace: the retention sweep failed: ${err instanceof Error ? err.name : 'error'}`);
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();

  let closed: Promise<void> | null = null;
  return {
    store,
    handle: async (request, bindings) => routes.fetch(request, bindings),
    recorder,
    readModel,
    loginGate: store.engine === 'postgres' ? createSharedLoginGate(store.loginEvents, options.loginLimits, now) : null,
    close: () =>
      (closed ??= (async () => {
        clearInterval(timer);
        await recorder.idle();
        await readModel.idle();
        await store.close();
      })()),
  };
}
