import { spawn } from 'node:child_process';
import { freePort, serverEnv, waitFor } from '../bench/util.ts';

export interface SecondServer {
  origin: string;
  stop(): void;
}

/**
 * Starts a second real server (`server/main.ts`, reusing the first one's SPA
 * build) on 127.0.0.1 and a free port, with the given settings and every other
 * server setting blank, so none leaks in from the developer's shell.
 */
export async function startSecondServer(settings: Record<string, string>): Promise<SecondServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...serverEnv({ PORT: String(port), HOST: '127.0.0.1', ...settings }) },
    stdio: 'ignore',
  });
  try {
    await waitFor(`${origin}/healthz`, 60_000);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { origin, stop: () => child.kill('SIGTERM') };
}
