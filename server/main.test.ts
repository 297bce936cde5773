/** `npm start` with a bad configuration: a clear list, exit code 1, no stack trace. */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');

describe('server/main.ts', () => {
  it('stops with the list of every bad value and exit code 1, before building anything', () => {
    const run = spawnSync(process.execPath, [tsx, 'server/main.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        ...process.env,
        PORT: 'eighty',
        PARTNER_API_URL: 'ftp://partner.example',
        PARTNER_APP_KEY: 'secret value; x',
        FRAME_ANCESTORS: "'self';",
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server cannot start: the configuration is invalid.');
    for (const name of ['PORT', 'PARTNER_API_URL', 'PARTNER_APP_KEY', 'FRAME_ANCESTORS']) {
      expect(run.stderr).toMatch(new RegExp(`^  - ${name} `, 'm'));
    }
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.stderr).not.toContain('secret value');
    expect(run.stdout).not.toContain('Building');
  });
});
