/**
 * What the site history's worker does with the account's answer, on the real
 * stack: the whole answer checked, only the sites asked for kept (by UTF-8
 * name or punycode host, any case), with their 30 days; an answer off the
 * spec is a bad response, as the client's own check makes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransportError } from '../api/errors';
import { startRealStack, type RealStack } from '../../test-support/real-stack';
import { ACCOUNT_HISTORY_ARGS, readSitesHistory, sitesOfAnswer } from './site-history-read';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

describe('the site history read', () => {
  it('keeps only the sites asked for, as the API gives them, from the whole checked answer', async () => {
    const email = `history-read-${Date.now().toString(36)}@spa.example`;
    const api = stack.client(await stack.signIn(email));
    await api.sites_add(['one.example', 'two.example', 'café.example']);
    const all = await api.sites_list(ACCOUNT_HISTORY_ARGS);
    expect(all).toHaveLength(3);

    // Read twice, a moment apart: today's firewall counts may have grown in between, so the
    // sites are compared by what names them, and their 30 days by their dates.
    const same = (
      sites: readonly { id: number; domain: string; host: string; fwhistory?: object | null | undefined }[],
    ) => sites.map((s) => ({ id: s.id, domain: s.domain, host: s.host, days: Object.keys(s.fwhistory ?? {}) }));
    const two = await readSitesHistory(api, ['TWO.example ']);
    expect(same(two)).toEqual(same(all.filter((s) => s.domain === 'two.example')));
    expect(Object.keys(two[0]?.fwhistory ?? {})).toHaveLength(30);
    // The punycode host names the same site as its UTF-8 name.
    const cafe = all.find((s) => s.domain === 'café.example');
    expect(cafe?.host).toBe('xn--caf-dma.example');
    expect(same(await readSitesHistory(api, ['xn--caf-dma.example']))).toEqual(same(cafe ? [cafe] : []));
    expect(await readSitesHistory(api, ['absent.example'])).toEqual([]);
  });

  it('refuses an answer off the spec, whichever site it is in, as a bad response', async () => {
    const email = `history-bad-${Date.now().toString(36)}@spa.example`;
    const api = stack.client(await stack.signIn(email));
    await api.sites_add(['kept.example', 'other.example']);
    const answer = (await api.unparsed('sites_list', ACCOUNT_HISTORY_ARGS)) as Record<string, unknown>[];
    const other = answer.findIndex((s) => s['domain'] === 'other.example');
    const badDay = answer.map((s, i) => (i === other ? { ...s, fwhistory: { '20260101': [1, 2, 3] } } : s));
    expect(() => sitesOfAnswer(badDay, ['kept.example'])).toThrow(TransportError);
    expect(() => sitesOfAnswer(badDay, ['kept.example'])).toThrow(/firewall history of other\.example/);
    const badSite = answer.map((s, i) => (i === other ? { ...s, firewallstatus: 'on' } : s));
    expect(() => sitesOfAnswer(badSite, ['kept.example'])).toThrow(/does not match the spec/);
    expect(() => sitesOfAnswer({ sites: [] }, ['kept.example'])).toThrow(TransportError);
    expect(sitesOfAnswer(answer, ['kept.example']).map((s) => s.domain)).toEqual(['kept.example']);
  });
});
