/**
 * The read model's store on each engine: retention drops an account not
 * visited for READMODEL_DAYS with its sites, and the overview's counters in
 * SQL agree with the overview's own pure summary
 * (src/features/overview/fleet-summary.ts) on the same sites.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Site } from '../../src/api/schemas.ts';
import { summarize } from '../../src/features/overview/fleet-summary.ts';
import { databasePerTest } from '../workspace/test-database.ts';
import { ENGINES } from '../workspace/test-engines.ts';
import { createReadModel } from './readmodel.ts';
import type { FleetFetch } from './refresh.ts';
import { rowOf } from './site-row.ts';
import { writeStore } from './store-write.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26);
const NOW_S = NOW / 1000;

const report = (date: number, over: Partial<Record<string, number>> = {}) => ({
  id: 1,
  date,
  cure: 0,
  threats: 0,
  incurable: 0,
  doubt: 0,
  treated: 0,
  detectedfiles: 0,
  incurablefiles: 0,
  malicious: 0,
  suspicious: 0,
  checkeddirs: 0,
  checkedfiles: 0,
  treatedfiles: 0,
  deletedfiles: 0,
  totalbytes: 0,
  checkedbytes: 0,
  errors: 0,
  ...over,
});

function site(n: number): Site {
  const period = [0, 86_400, 7 * 86_400, 30 * 86_400][n % 4] ?? 0;
  const kinds = [
    null,
    report(NOW_S - 3600),
    report(NOW_S - 3600, { threats: 2 }),
    report(NOW_S - 3600, { threats: 1, incurable: 1 }),
    report(NOW_S - 3600, { doubt: 3 }),
    report(NOW_S - 3600, { errors: 1 }),
    report(NOW_S - 40 * 86_400),
  ];
  return {
    id: n,
    host: `s${n}.example`,
    domain: `s${n}.example`,
    adddate: NOW_S - 90 * 86_400,
    scanperiod: period,
    nextscan: NOW_S + 3600,
    firewallstatus: n % 3 === 0 ? 0 : 1,
    autotreatment: n % 2,
    permissions: 0,
    scanreport: kinds[n % kinds.length] ?? null,
  };
}

describe.each(ENGINES)('the read model store on $title', ({ available, place: makePlace }) => {
  const openDb = databasePerTest(makePlace);

  async function open(
    now: () => number,
    fetch: FleetFetch = () => Promise.reject(new Error('no upstream in this test')),
  ) {
    const opened = await openDb();
    const model = createReadModel(
      opened.db,
      { retentionDays: 30, refreshSeconds: 60 },
      {
        fetch,
        log: () => undefined,
        now,
      },
    );
    return { model, write: writeStore(opened.db) };
  }

  it.skipIf(!available)('drops an account not visited for READMODEL_DAYS, and only that one', async () => {
    let now = NOW;
    const { model, write } = await open(() => now);
    await write.visit('old', NOW);
    await write.visit('recent', NOW + 20 * DAY);
    await write.upsertSites(
      [0, 1].flatMap((n) => [rowOf('old', site(n), NOW), rowOf('recent', site(n), NOW)]).flatMap((r) => (r ? [r] : [])),
    );
    now = NOW + 31 * DAY;
    expect(await model.sweep()).toBe(1);
    expect((await model.read.window('old', {}, NOW_S)).total).toBe(0);
    expect((await model.read.window('recent', {}, NOW_S)).total).toBe(2);
    expect((await model.read.freshness('old')).asOf).toBeNull();
  });

  it.skipIf(!available)("counts as the overview's own summary does", async () => {
    const { model, write } = await open(() => NOW);
    const sites = Array.from({ length: 84 }, (_, n) => site(n));
    await write.visit('a', NOW);
    await write.upsertSites(sites.flatMap((s) => rowOf('a', s, NOW) ?? []));
    const expected = summarize(sites, NOW_S);
    expect(await model.read.counts('a', NOW_S)).toEqual(expected.counts);
    const attention = await model.read.attention('a', NOW_S, 10);
    expect(attention.total).toBe(expected.attentionTotal);
    expect(attention.rows.map((r) => model.attentionOf(r, NOW_S))).toEqual(expected.attention.slice(0, 10));
  });

  it.skipIf(!available)('reads when asked although fresh, never two reads of an account at once', async () => {
    const answers: Array<(body: string) => void> = [];
    const fetch: FleetFetch = () =>
      new Promise<string>((resolve) => answers.push(resolve)).then((body) => new Response(body));
    const { model } = await open(() => NOW, fetch);
    const credentials = { apiKey: 'k', mac: null, client: null, origin: 'http://localhost' };
    const list = JSON.stringify({ error: 0, result: [site(1)] });

    expect(await model.visit('a', credentials)).toMatchObject({ asOf: null, refreshing: true });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // Asked again while the read runs: that read, not a second one.
    expect(await model.visit('a', credentials, { force: true })).toMatchObject({ refreshing: true });
    answers[0]?.(list);
    await model.idle();
    expect(await model.visit('a', credentials)).toMatchObject({ asOf: NOW, refreshing: false });
    expect(answers).toHaveLength(1);

    // Fresh, yet asked for: a read starts.
    expect(await model.visit('a', credentials, { force: true })).toMatchObject({ asOf: NOW, refreshing: true });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.(list);
    await model.idle();
  });

  it.skipIf(!available)('reads a fleet that takes long to read less often: at most a fifth of the time', async () => {
    let now = NOW;
    const answers: Array<(body: string) => void> = [];
    const fetch: FleetFetch = () =>
      new Promise<string>((resolve) => answers.push(resolve)).then((body) => new Response(body));
    const { model } = await open(() => now, fetch);
    const credentials = { apiKey: 'k', mac: null, client: null, origin: 'http://localhost' };
    const list = JSON.stringify({ error: 0, result: [site(1)] });

    await model.visit('a', credentials);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // The read takes 40 s: the next is due 5 × 40 s after it, not at the setting's 60 s.
    now = NOW + 40_000;
    answers[0]?.(list);
    await model.idle();
    now += 61_000;
    expect(await model.visit('a', credentials)).toMatchObject({ refreshing: false });
    now = NOW + 40_000 + 200_000;
    expect(await model.visit('a', credentials)).toMatchObject({ refreshing: true });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.(list);
    await model.idle();
  });
});
