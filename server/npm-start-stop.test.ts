/**
 * `npm start` stopped by its process id, as a service manager or `kill <pid>`
 * does: npm gets the signal, not the server under it. The server must end with
 * npm and free its port, or the next `npm start` fails with "port in use".
 * npm forwards SIGINT and SIGTERM to the shell it runs scripts in, which dies
 * without passing them on; SIGHUP it does not forward at all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, serverEnv } from '../test-support/servers.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once `text` has appeared on the child's stdout; rejects if it exits first. */
function printed(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes(text)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before printing "${text}":\n${out}`)));
  });
}

/** Polls a state (not a time) until it holds; fails with `what` at the deadline. */
async function until(state: () => Promise<boolean>, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await state())) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm start stopped by its process id', () => {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`frees the port when npm gets ${signal}`, { timeout: 180_000 }, async () => {
      const port = await freePort();
      // Its own process group, so whatever is left can be cleaned up below whether the test passes or not.
      const npm = spawn('npm', ['start'], {
        cwd: root,
        env: {
          ...process.env,
          ...serverEnv({ PORT: String(port), HOST: '127.0.0.1', SANDBOX_DB: ':memory:', SANDBOX_QUIET: '1' }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
        detached: true,
      });
      try {
        // The first run may build dist/ first.
        await printed(npm, `Partner Security Dashboard: http://127.0.0.1:${port}/`);
        expect(await listening(port)).toBe(true);

        process.kill(npm.pid!, signal);

        await until(
          async () => !(await listening(port)),
          `port ${port} still listening after npm got ${signal}`,
          20_000,
        );
      } finally {
        try {
          process.kill(-npm.pid!, 'SIGKILL');
        } catch {
          // the group is gone already
        }
      }
    });
  }
});
