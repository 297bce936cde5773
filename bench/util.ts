import { accessSync, constants, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

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
export async function waitFor(url: string, ms: number): Promise<void> {
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
 * may hold; the SANDBOX_* ones are found by prefix.
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
];

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
  const blank = [...SERVER_SETTINGS, ...Object.keys(env).filter((name) => name.startsWith('SANDBOX_'))];
  return { ...Object.fromEntries(blank.map((name) => [name, ''])), ...settings };
}

/** Debian's Chromium, the last resort. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `chromium` on PATH, as `command -v chromium` finds it, or null. */
function chromiumOnPath(pathVariable: string | undefined): string | null {
  for (const dir of (pathVariable ?? '').split(delimiter)) {
    if (dir === '') continue;
    const file = join(dir, 'chromium');
    if (isExecutableFile(file)) return file;
  }
  return null;
}

/** Where a Chromium was found: Playwright's own download, or one on this system. */
export interface FoundChromium {
  kind: 'playwright' | 'system';
  path: string;
}

/**
 * The Chromium that Playwright (playwright.config.ts), the bundle bench and
 * .ci/run use: CHROMIUM_PATH when set (an explicit choice wins), else
 * Playwright's own when installed, else `chromium` on PATH, else Debian's
 * /usr/bin/chromium; null when there is none.
 * `playwrightExecutable` is Playwright's `chromium.executablePath()`, passed in
 * so this file does not load Playwright for the benches that do not need it.
 * @throws Error when CHROMIUM_PATH names no executable file: a setting that is
 *   ignored would be worse than a clear stop.
 */
export function findChromium(
  playwrightExecutable: () => string,
  env: NodeJS.ProcessEnv = process.env,
): FoundChromium | null {
  const configured = env.CHROMIUM_PATH;
  if (configured !== undefined && configured !== '') {
    if (!isExecutableFile(configured)) throw new Error(`CHROMIUM_PATH=${configured} is not an executable file`);
    return { kind: 'system', path: configured };
  }
  try {
    const own = playwrightExecutable();
    if (isExecutableFile(own)) return { kind: 'playwright', path: own };
  } catch {
    // Playwright's browser is not installed: fall through to a system one.
  }
  const system = chromiumOnPath(env.PATH) ?? (isExecutableFile(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null);
  return system === null ? null : { kind: 'system', path: system };
}

/**
 * findChromium as Playwright's `launchOptions.executablePath` wants it:
 * undefined for Playwright's own browser (or none: Playwright then says how to
 * install one), else the system browser's path.
 */
export function chromiumExecutable(
  playwrightExecutable: () => string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const found = findChromium(playwrightExecutable, env);
  return found?.kind === 'system' ? found.path : undefined;
}
