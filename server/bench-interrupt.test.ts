/**
 * `npm run bench` interrupted (Ctrl-C, or `kill <pid>`) leaves nothing behind:
 * the servers it started end and its temporary directories (a seeded sandbox
 * database each, megabytes) are removed. The probe does what a bench does with
 * test-support/servers.ts (bench/run.ts calls cleanUpOnInterrupt first): a
 * temporary directory, a real sandbox server with its database in it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const servers = pathToFileURL(path.join(root, 'test-support/servers.ts')).href;

const PROBE = `
import { cleanUpOnInterrupt, freePort, startServer, temporaryDirectory } from ${JSON.stringify(servers)};
cleanUpOnInterrupt();
const dir = temporaryDirectory('bench-interrupt-probe-');
const port = await freePort();
await startServer({
  script: 'server/sandbox/main.ts',
  settings: { HOST: '127.0.0.1', SANDBOX_PORT: String(port), SANDBOX_DB: dir.path + '/db.sqlite', SANDBOX_QUIET: '1' },
  port,
  health: '/sandbox/health',
  stderr: 'ignore',
  timeoutMs: 60_000,
});
console.log(JSON.stringify({ dir: dir.path, port }));
setInterval(() => {}, 1000); // a bench at work
`;

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

describe('a bench interrupted', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`stops its servers and removes its temporary directories on ${signal}`, { timeout: 90_000 }, async () => {
      const probe = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        probe.once('exit', (code, sig) => resolve(sig ?? code)),
      );
      const started = await new Promise<{ dir: string; port: number }>((resolve, reject) => {
        let out = '';
        probe.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve(JSON.parse(line) as { dir: string; port: number });
        });
        void exited.then((code) => reject(new Error(`the probe exited (${code}) before it was ready`)));
      });
      try {
        expect(existsSync(started.dir)).toBe(true);
        expect(await listening(started.port)).toBe(true);

        probe.kill(signal);
        const code = await exited;

        expect(code).not.toBe(0);
        expect(existsSync(started.dir)).toBe(false);
        // Its sandbox ended with it (the server watches the process that started it, too).
        for (let tries = 0; (await listening(started.port)) && tries < 100; tries++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(await listening(started.port)).toBe(false);
      } finally {
        probe.kill('SIGKILL');
      }
    });
  }
});
