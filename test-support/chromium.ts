/**
 * The Chromium the end-to-end tests (playwright.config.ts), the bundle bench
 * and .ci/run launch.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

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
