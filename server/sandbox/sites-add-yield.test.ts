/**
 * A large sites_add that the plan takes (an account raised by the control surface)
 * does not hold other requests up: over real HTTP it reads its entries a slice at a
 * time with turns of the event loop between (http/handle-api.ts handleApiYielding),
 * and still adds all its sites or none. How long the longest hold is, the bench
 * prints (`npm run bench -- sandbox`); here the order of events shows it, no time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { handleApi } from './http/handle-api.ts';
import { HANDLERS } from './methods/handlers.ts';
import { ENTRIES_PER_SLICE } from './methods/sites-add-read.ts';
import { siteNameChecks } from './names.ts';
import { freshHttpSandbox, freshSandbox, sign } from './testing.ts';
import { envelopeSchema, type Site } from './testing-schemas.ts';

const ENTRIES = 10_000;
/** Every entry through the full check (a percent-escape in the host: the quick reading leaves it to the URL parser). */
const body = Array.from({ length: ENTRIES }, (_, i) => `https://%79${i}.example/`);

/** Resolves once the full check has begun on the entries, a turn of the event loop at a time. */
async function readingStarted(before: number): Promise<void> {
  while (siteNameChecks.count === before) await nextTurn();
}

describe('a sites_add of 10,000 new sites', () => {
  it("lets another account's call through while it reads its entries, then adds them all", async () => {
    const bed = await freshHttpSandbox();
    const adder = await bed.signUpAndIn();
    const other = await bed.signUpAndIn();
    await bed.addSites(other, 3);
    await bed.control('plan', { email: adder.email, siteLimit: 2 * ENTRIES });

    const before = siteNameChecks.count;
    const add = bed.call('/api/sites_add/', { key: adder, body });
    await readingStarted(before);
    expect(await bed.listSites(other)).toHaveLength(3);
    // Answered while most of the entries were still to be read.
    expect(siteNameChecks.count - before).toBeLessThan(ENTRIES - ENTRIES_PER_SLICE);

    const answer = await add;
    expect(answer.envelope).toMatchObject({ error: 0, result: {} });
    expect(siteNameChecks.count - before).toBe(ENTRIES);
    const hosts = (await bed.listSites(adder)).map((site) => site.host);
    // In the body's order, each once.
    expect(hosts).toEqual(body.map((_, i) => `y${i}.example`));
  });

  it('adds none when the plan is lowered while it reads: the plan is checked again in its transaction', async () => {
    const bed = await freshHttpSandbox();
    const adder = await bed.signUpAndIn();
    await bed.control('plan', { email: adder.email, siteLimit: 2 * ENTRIES });

    const before = siteNameChecks.count;
    const add = bed.call('/api/sites_add/', { key: adder, body });
    await readingStarted(before);
    await bed.control('plan', { email: adder.email, siteLimit: 5 });

    const answer = await add;
    expect(answer.envelope.error).toBe(141900);
    expect(answer.envelope.errorinfo).toBe(`The plan allows 5 sites; the account has 0 and this call adds ${ENTRIES}`);
    expect(await bed.listSites(adder)).toEqual([]);
  });

  it('keeps the sites the account has as they were, with room in the plan to skip looking them up', async () => {
    const bed = await freshHttpSandbox();
    const adder = await bed.signUpAndIn();
    await bed.control('plan', { email: adder.email, siteLimit: 2 * ENTRIES });
    await bed.addSites(adder, ['y1.example', 'y3.example', 'nosync-y.example']);
    const kept = (sites: Site[]) =>
      sites.map(({ id, host, adddate, firewallstatus }) => ({ id, host, adddate, firewallstatus }));
    const before = kept(await bed.listSites(adder));
    await bed.advance(3600);

    expect(await bed.addSites(adder, [...body.slice(1), 'nosync-y.example'])).toEqual({});
    const after = await bed.listSites(adder);
    expect(after).toHaveLength(ENTRIES);
    // The same three sites first, each once, with its id and date; the new ones after them, in order.
    expect(kept(after.slice(0, 3))).toEqual(before);
    expect(after.slice(3, 6).map((site) => site.host)).toEqual(['y2.example', 'y4.example', 'y5.example']);
  });

  it("commits into an emptied write-ahead log, so SQLite's checkpoint never lands in its transaction", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-wal-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const bed = await freshHttpSandbox({ dbPath: join(dir, 'sandbox.sqlite') });
    const adder = await bed.signUpAndIn();
    await bed.control('plan', { email: adder.email, siteLimit: 3 * ENTRIES });
    const add = (prefix: string) =>
      bed.addSites(
        adder,
        body.map((_, i) => `${prefix}${i}.example`),
      );
    // The pages in the log (PRAGMA wal_checkpoint's second figure), after which it is emptied.
    const logPages = () => (bed.sandbox.state.db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? 0;

    await add('a');
    await add('b');
    const afterTwo = logPages();
    await add('c');
    const afterOne = logPages();
    // The second add found the first one's pages already copied: the log held its own alone.
    expect(afterOne).toBeGreaterThan(100);
    expect(afterTwo).toBeLessThan(1.5 * afterOne);
  });

  it('answers the same when called without the turns (the demo sign-in path)', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const target = '/api/sites_add/';
    const answer = handleApi(bed.sandbox.state, HANDLERS, {
      target,
      httpMethod: 'POST',
      headers: new Headers({
        cookie: `apikey=${account.key}; apimac=${sign(target, account.hmac)}`,
        'content-type': 'application/json',
      }),
      body: new TextEncoder().encode(JSON.stringify(['a.example', 'not a name', 'https://%62.example/'])),
      origin: 'http://localhost',
      ip: '127.0.0.1',
    });
    expect(envelopeSchema.parse(JSON.parse(answer.body))).toMatchObject({
      error: 0,
      result: { '1': expect.any(String) as unknown },
    });
    expect((await bed.listSites(account)).map((site) => site.host)).toEqual(['a.example', 'b.example']);
  });
});
