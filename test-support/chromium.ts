/**
 * The Chromium the end-to-end tests (playwright.config.ts), the benches and
 * .ci/run launch.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian's Chromium, the last resort. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink and
 * V8 without the browser's window machinery, what Playwright itself launches for
 * headless tests. On 2 cores it spends about a quarter of the full browser's CPU
 * on the end-to-end suite, so the tests prefer it.
 */
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A program on PATH, as `command -v name` finds it, or null. */
function onPath(name: string, pathVariable: string | undefined): string | null {
  for (const dir of (pathVariable ?? '').split(delimiter)) {
    if (dir === '') continue;
    const file = join(dir, name);
    if (isExecutableFile(file)) return file;
  }
  return null;
}

/** Where a Chromium was found: Playwright's own download, or one on this system. */
interface FoundChromium {
  kind: 'playwright' | 'system';
  path: string;
}

/**
 * Which system Chromium to look for first: the headless shell (the tests: less
 * CPU, the same rendering) or the full browser (the benches: what people run).
 */
export type ChromiumUse = 'tests' | 'benches';

/**
 * The Chromium to launch: CHROMIUM_PATH when set (an explicit choice wins),
 * else Playwright's own when installed, else a system one: for the tests
 * Debian's headless shell when installed (`chromium-headless-shell` on PATH or
 * in /usr/lib/chromium), then `chromium` on PATH, then /usr/bin/chromium; for
 * the benches the full browser first. Null when there is none.
 * `playwrightExecutable` is Playwright's `chromium.executablePath()`, passed in
 * so this file does not load Playwright for the benches that do not need it.
 * @throws Error when CHROMIUM_PATH names no executable file: a setting that is
 *   ignored would be worse than a clear stop.
 * @public .ci/run imports it to choose the browser to install.
 */
export function findChromium(
  playwrightExecutable: () => string,
  env: NodeJS.ProcessEnv = process.env,
  use: ChromiumUse = 'tests',
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
  const shell = () =>
    onPath('chromium-headless-shell', env.PATH) ??
    (isExecutableFile(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : null);
  const browser = () => onPath('chromium', env.PATH) ?? (isExecutableFile(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null);
  const system = use === 'tests' ? (shell() ?? browser()) : (browser() ?? shell());
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
  use: ChromiumUse = 'tests',
): string | undefined {
  const found = findChromium(playwrightExecutable, env, use);
  return found?.kind === 'system' ? found.path : undefined;
}
