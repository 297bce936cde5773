/**
 * Servers for the end-to-end tests (playwright.config.ts, e2e/) and the benches
 * (bench/): free ports, the server environment with the shell's settings
 * blanked, starting a real server and waiting for it, and temporary
 * directories that are removed again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Poll a URL until it answers 200, or give up after the deadline. */
async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/**
 * The server's own settings (README "Configuration"), which a developer's shell
 * may hold; the SANDBOX_*, LOGIN_LIMIT_* and WORKSPACE_* ones are found by prefix.
 */
const SERVER_SETTINGS = [
  'HOST',
  'PORT',
  'PUBLIC_URL',
  'PARTNER_API_URL',
  'PARTNER_APP_KEY',
  'TRUSTED_PROXIES',
  'FRAME_ANCESTORS',
  'EMBED_ORIGINS',
  'DATABASE_URL',
];
const SERVER_SETTING_PREFIXES = ['SANDBOX_', 'LOGIN_LIMIT_', 'WORKSPACE_'];

/**
 * The environment variables for a server the tests or benches start: every
 * server setting of `env` blanked (an empty variable counts as unset), then
 * `settings`. Spread it over process.env (spawn), or hand it to Playwright's
 * webServer.env, which Playwright itself spreads over process.env: either way
 * what runs is what the caller asked for, not what the shell happened to set.
 */
export function serverEnv(
  settings: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const byPrefix = Object.keys(env).filter((name) => SERVER_SETTING_PREFIXES.some((p) => name.startsWith(p)));
  const blank = [...SERVER_SETTINGS, ...byPrefix];
  return { ...Object.fromEntries(blank.map((name) => [name, ''])), ...settings };
}

/** What an interrupted bench must not leave behind: the servers it started and its temporary directories. */
const liveServers = new Set<ChildProcess>();
const liveDirectories = new Set<string>();

function removeLiveDirectories(): void {
  for (const dir of liveDirectories) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      liveDirectories.delete(dir);
    } catch {
      // a server still writing into it: tried again on exit
    }
  }
}

let cleanUpInstalled = false;

/**
 * On SIGINT, SIGTERM or SIGHUP: stop the servers started here, remove the
 * temporary directories made here, and exit (128 + the signal's number), as
 * the default action would. For a process that owns its run (`npm run bench`);
 * Playwright's runner handles its own signals, so the tests do not call it.
 * Synchronous first (Playwright's browser handling may exit the process next),
 * then once more on exit.
 */
export function cleanUpOnInterrupt(): void {
  if (cleanUpInstalled) return;
  cleanUpInstalled = true;
  process.once('exit', removeLiveDirectories);
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ] as const) {
    process.once(signal, () => {
      const running = [...liveServers].filter((child) => child.exitCode === null && child.signalCode === null);
      const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
      for (const child of running) child.kill('SIGTERM');
      removeLiveDirectories();
      const bound = new Promise((resolve) => setTimeout(resolve, 5000).unref());
      void Promise.race([Promise.all(exited), bound]).then(() => {
        removeLiveDirectories();
        process.exit(128 + number);
      });
    });
  }
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The server's process id (what it holds can be read from /proc). */
  pid: number;
  /** Stops the server and waits until it has exited (its database closed). */
  stop(): Promise<void>;
}

export interface ServerStart {
  /** The script to run with tsx: `server/main.ts` (npm start) or `server/sandbox/main.ts`. */
  script: string;
  /** Its settings; every other server setting is blank (serverEnv). */
  settings: Record<string, string>;
  port: number;
  /** The path that answers 200 once the server is ready. */
  health: string;
  /** Where the server's stderr goes; its stdout is dropped. */
  stderr?: 'inherit' | 'ignore';
  /** How long to wait: `server/main.ts` builds the SPA first when dist/ is stale. */
  timeoutMs?: number;
}

/** Starts a server script with exactly the given settings and waits until `health` answers. */
export async function startServer(start: ServerStart): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', start.script], {
    env: { ...process.env, ...serverEnv(start.settings) },
    stdio: ['ignore', 'ignore', start.stderr ?? 'inherit'],
  });
  liveServers.add(child);
  let running = true;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => {
      running = false;
      liveServers.delete(child);
      reject(new Error(`${start.script} stopped (exit code ${code ?? 'none'})`));
    }),
  );
  exited.catch(() => undefined);
  const origin = `http://127.0.0.1:${start.port}`;
  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    await exited.catch(() => undefined);
  };
  try {
    await Promise.race([waitFor(`${origin}${start.health}`, start.timeoutMs ?? 240_000), exited]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, pid: child.pid ?? NaN, stop };
}

/**
 * Starts a second real server (`server/main.ts`, reusing the first one's SPA
 * build) on 127.0.0.1 and a free port, with the given settings and every other
 * server setting blank, so none leaks in from the developer's shell.
 */
export async function startSecondServer(settings: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    script: 'server/main.ts',
    settings: { PORT: String(port), HOST: '127.0.0.1', ...settings },
    port,
    health: '/healthz',
    stderr: 'ignore',
    timeoutMs: 60_000,
  });
}

export interface TemporaryDirectory {
  path: string;
  remove(): void;
}

/** A fresh directory under the system's temporary directory, and how to remove it (removed on interrupt too: cleanUpOnInterrupt). */
export function temporaryDirectory(prefix: string): TemporaryDirectory {
  const path = mkdtempSync(join(tmpdir(), prefix));
  liveDirectories.add(path);
  return {
    path,
    remove: () => {
      rmSync(path, { recursive: true, force: true });
      liveDirectories.delete(path);
    },
  };
}
