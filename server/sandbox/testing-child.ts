/** The sandbox as a child process (`npm run sandbox`'s entry), for kill -9, restarts and the standalone checks. */
import { spawn, type ChildProcess } from 'node:child_process';
import { testSandboxConfig } from './config.ts';
import { rawHttp, type Transport } from './testing-http.ts';
import { TestBed } from './testing.ts';

export interface ChildSandbox {
  base: string;
  bed: TestBed;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/**
 * Run `server/sandbox/main.ts` in its own Node process on a free port (SANDBOX_PORT=0)
 * and wait for the base_url line of its banner; the TestBed talks to it over HTTP.
 */
export async function spawnSandbox(env: Record<string, string>): Promise<ChildSandbox> {
  const appKey = env.SANDBOX_APP_KEY ?? testSandboxConfig().appKey;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/sandbox/main.ts'], {
    cwd: new URL('../../', import.meta.url),
    // Stated in full (the shell's SANDBOX_* left out), so a developer's own settings do not leak into the test.
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SANDBOX_'))),
      SANDBOX_PORT: '0',
      SANDBOX_QUIET: '1',
      SANDBOX_CONTROL: '1',
      SANDBOX_SEED: 'empty',
      SANDBOX_SIGNIN_DS: 'required',
      ...env,
      SANDBOX_APP_KEY: appKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sandbox did not start:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // The address it listens on: the base_url line, or the next one when SANDBOX_PUBLIC_URL is set.
      const m = env.SANDBOX_PUBLIC_URL
        ? /listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(output)
        : /base_url (http:\/\/127\.0\.0\.1:\d+) /.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code}:\n${output}`));
    });
  });
  const transport: Transport = { request: (target, init) => rawHttp(base, target, init) };
  const bed = new TestBed(transport, appKey);
  return { base, bed, child, exited };
}
