/**
 * Persistence across a kill -9 of `npm run sandbox`'s process: everything written
 * before it is there after a restart. Two cold starts of a Node process: in the
 * wide suite (vitest.config.ts), beside the other tests that start whole processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { enc, siteNames, type Account } from './testing.ts';
import { spawnSandbox } from './testing-child.ts';
import { sitesSchema } from './testing-schemas.ts';

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'sandbox.sqlite');
}

describe('a killed process', () => {
  // Two cold starts of a Node process: give them room on a busy machine.
  it('keeps everything written before kill -9', { timeout: 90_000 }, async () => {
    const dbPath = tempDb();
    const env = { SANDBOX_DB: dbPath, SANDBOX_SEED: 'empty' };
    const first = await spawnSandbox(env);
    let account: Account;
    try {
      account = await first.bed.signUpAndIn('killed@partner.example');
      await first.bed.createAgency(account);
      await first.bed.addSites(account, siteNames(25, 'before-kill'));
      await first.bed.addSites(account, [{ name: 'shared.example', share: 'u@unit.example' }]);
      await first.bed.ok('/api/site_setoption/before-kill-3.example/scanperiod/day/', { key: account });
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await spawnSandbox(env);
    try {
      const sites = sitesSchema.parse(await second.bed.ok('/api/sites_list/', { key: account }));
      expect(sites).toHaveLength(26);
      expect(sites.find((s) => s.host === 'before-kill-3.example')?.scanperiod).toBe(86400);
      expect((await second.bed.listSites(account, `?unit=${enc('u@unit.example')}`)).map((s) => s.host)).toEqual([
        'shared.example',
      ]);
      // Writes go on after the restart.
      await second.bed.addSites(account, ['after.example']);
      expect(await second.bed.listSites(account)).toHaveLength(27);
    } finally {
      second.child.kill('SIGKILL');
      await second.exited;
    }
  });
});
