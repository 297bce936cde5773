/**
 * A long sites_list (the read model reads the whole fleet with it) does not hold other requests
 * up: over real HTTP its sites are read and written out a page at a time, with turns of the event
 * loop between (http/api-route.ts), and the answer is the same as in one piece. How long the
 * longest hold is, a bench prints; here the order of events shows it, no time.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { handleApi } from './http/handle-api.ts';
import { HANDLERS } from './methods/handlers.ts';
import { SITES_LIST_PAGE, sitesListPages } from './methods/sites-list.ts';
import { freshHttpSandbox, sign } from './testing.ts';
import { envelopeSchema, sitesSchema } from './testing-schemas.ts';

const SITES = 16 * SITES_LIST_PAGE;
const FULL = '?withscanreport&withfwhistory';

/** Resolves once the answer has begun to be written out, a turn of the event loop at a time. */
async function pagesStarted(before: number): Promise<void> {
  while (sitesListPages.count === before) await nextTurn();
}

describe(`a sites_list of ${SITES.toLocaleString('en')} sites`, () => {
  it("lets another account's call through while it writes its sites out, then gives them all", async () => {
    const bed = await freshHttpSandbox();
    const lister = await bed.signUpAndIn();
    const other = await bed.signUpAndIn();
    await bed.control('plan', { email: lister.email, siteLimit: SITES });
    await bed.addSites(lister, SITES);
    await bed.addSites(other, 3);

    const before = sitesListPages.count;
    const listing = bed.raw(`/api/sites_list/${FULL}`, { key: lister });
    await pagesStarted(before);
    expect(await bed.listSites(other)).toHaveLength(3);
    // Answered while most of the pages were still to be read.
    expect(sitesListPages.count - before).toBeLessThan(SITES / SITES_LIST_PAGE - 1);

    const answer = envelopeSchema.parse(await (await listing).json());
    expect(answer.error).toBe(0);
    const sites = sitesSchema.parse(answer.result);
    expect(sites).toHaveLength(SITES);
    expect(sites.every((site) => site.fwhistory !== undefined && 'scanreport' in site)).toBe(true);
    // In the order of their ids, each once.
    const ids = sites.map((site) => site.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(SITES);
  });

  it('is the same in slices over HTTP as in one piece in process', async () => {
    const bed = await freshHttpSandbox();
    const lister = await bed.signUpAndIn();
    await bed.control('plan', { email: lister.email, siteLimit: SITES });
    await bed.addSites(lister, 2 * SITES_LIST_PAGE + 7);
    const target = `/api/sites_list/${FULL}`;
    const state = bed.sandbox.state;
    // Today's firewall figures grow with the clock's seconds: both answers are taken in one second.
    for (let attempt = 0; ; attempt++) {
      const second = state.now();
      const overHttp = envelopeSchema.parse(await (await bed.raw(target, { key: lister })).json());
      const inProcess = handleApi(state, HANDLERS, {
        target,
        httpMethod: 'GET',
        headers: new Headers({ cookie: `apikey=${lister.key}; apimac=${sign(target, lister.hmac)}` }),
        body: new Uint8Array(0),
        origin: 'http://localhost',
        ip: '127.0.0.1',
      });
      if (state.now() !== second && attempt < 3) continue;
      expect(inProcess.items).toBeUndefined();
      const whole = envelopeSchema.parse(JSON.parse(inProcess.body));
      expect(sitesSchema.parse(overHttp.result)).toHaveLength(2 * SITES_LIST_PAGE + 7);
      expect(overHttp.result).toEqual(whole.result);
      return;
    }
  });
});
