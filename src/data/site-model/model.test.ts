import { describe, expect, it } from 'vitest';
import type { Site } from '../../api/schemas';
import { linesToSend, parseAddLines } from './add-lines';
import { runBulk } from './bulk-runner';
import { toCsv } from './csv-export';
import { parseSiteInput } from './site-input';
import { scanDue, scannedRecently } from '../../lib/scan-schedule';
import { statusOf } from './site-status';
import { FILTER_DEFAULTS, FILTER_KEYS, sitesSearchSchema, SEARCH_DEFAULTS, type SiteFilters } from './sites-search';
import { activeChoiceFilters, isFiltered, matchesFilters } from './site-filters';

const report = { id: 1, date: 1, cure: 0, threats: 0, incurable: 0, doubt: 0, treated: 0, detectedfiles: 0 };
const fullReport = {
  ...report,
  incurablefiles: 0,
  malicious: 0,
  suspicious: 0,
  checkeddirs: 1,
  checkedfiles: 1,
  treatedfiles: 0,
  deletedfiles: 0,
  totalbytes: 1,
  checkedbytes: 1,
  errors: 0,
};

function site(domain: string, host: string, over: Partial<Site> = {}): Site {
  return {
    id: 1,
    domain,
    host,
    adddate: 0,
    scanperiod: 604800,
    nextscan: 0,
    firewallstatus: 1,
    autotreatment: 0,
    permissions: 0,
    scanreport: fullReport,
    ...over,
  };
}

describe('site status', () => {
  it('names the worst the report says', () => {
    expect(statusOf({ scanreport: null })).toBe('never');
    expect(statusOf({ scanreport: fullReport })).toBe('clean');
    expect(statusOf({ scanreport: { ...fullReport, errors: 2 } })).toBe('errors');
    expect(statusOf({ scanreport: { ...fullReport, doubt: 1, errors: 2 } })).toBe('suspicious');
    expect(statusOf({ scanreport: { ...fullReport, threats: 3, doubt: 1 } })).toBe('infected');
    expect(statusOf({ scanreport: { ...fullReport, threats: 3, incurable: 1 } })).toBe('incurable');
  });
});

describe('sites search params', () => {
  it('keeps good values and falls back per param', () => {
    expect(sitesSearchSchema.parse({})).toEqual(SEARCH_DEFAULTS);
    expect(
      sitesSearchSchema.parse({ q: 'shop', status: 'infected', sort: 'nextScan', desc: true, unit: 'a@b.example' }),
    ).toMatchObject({ q: 'shop', status: 'infected', sort: 'nextScan', desc: true, unit: 'a@b.example' });
    expect(
      sitesSearchSchema.parse({ status: 'on fire', firewall: 'maybe', sort: 'colour', desc: 'yes', unit: 'x' }),
    ).toEqual(SEARCH_DEFAULTS);
  });

  it('every filter counts as one; clearing is going back to FILTER_DEFAULTS', () => {
    const set: SiteFilters = {
      q: 'shop',
      status: 'infected',
      firewall: 'off',
      cleanup: 'on',
      period: 'day',
      scan: 'due',
      customer: 'none',
    };
    expect(Object.keys(set).sort()).toEqual([...FILTER_KEYS].sort());
    for (const key of FILTER_KEYS) {
      const f = { ...FILTER_DEFAULTS, [key]: set[key] };
      expect(isFiltered(f), key).toBe(true);
    }
    expect(activeChoiceFilters(set)).toBe(FILTER_KEYS.length - 1);
    expect(isFiltered({ ...FILTER_DEFAULTS, q: '  ' })).toBe(false);
    expect(isFiltered(FILTER_DEFAULTS)).toBe(false);
  });

  it('matches the UTF-8 name and the punycode host, and a pasted URL', () => {
    const s = site('bücher-café.example', 'xn--bcher-caf-m8a4k.example');
    const f = { ...SEARCH_DEFAULTS };
    expect(matchesFilters(s, { ...f, q: 'BÜCHER' })).toBe(true);
    expect(matchesFilters(s, { ...f, q: 'xn--bcher' })).toBe(true);
    expect(matchesFilters(s, { ...f, q: 'https://bücher-café.example/shop' })).toBe(true);
    expect(matchesFilters(s, { ...f, q: 'books' })).toBe(false);
  });

  it('combines status, firewall, cleanup and period', () => {
    const s = site('a.example', 'a.example', { firewallstatus: 0, autotreatment: 1, scanperiod: 86400 });
    const f = { ...SEARCH_DEFAULTS };
    expect(matchesFilters(s, { ...f, firewall: 'off', cleanup: 'on', period: 'day', status: 'clean' })).toBe(true);
    expect(matchesFilters(s, { ...f, firewall: 'on' })).toBe(false);
    expect(matchesFilters(s, { ...f, period: 'off' })).toBe(false);
    expect(matchesFilters({ ...s, scanperiod: 0 }, { ...f, period: 'off' })).toBe(true);
    expect(matchesFilters(s, { ...f, status: 'never' })).toBe(false);
  });

  it('scan due: never scanned, or a scheduled scan more than a day late; sites without schedule only when never scanned', () => {
    const now = 1_800_000_000;
    const week = 7 * 86_400;
    const at = (date: number, scanperiod = week) =>
      site('a.example', 'a.example', { scanperiod, scanreport: { ...fullReport, date } });
    const f = { ...SEARCH_DEFAULTS, scan: 'due' as const };
    expect(scanDue(site('a.example', 'a.example', { scanreport: null }), now)).toBe(true);
    expect(scanDue(at(now - week - 3600), now)).toBe(false);
    expect(scanDue(at(now - week - 86_400 - 1), now)).toBe(true);
    expect(scanDue(at(now - 400 * 86_400, 0), now)).toBe(false);
    expect(matchesFilters(at(now - 2 * week), f, now)).toBe(true);
    expect(matchesFilters(at(now - 3600), f, now)).toBe(false);
    expect(scannedRecently(at(now - 3600), now)).toBe(true);
    expect(scannedRecently(at(now - 29 * 86_400, 0), now)).toBe(true);
    expect(scannedRecently(at(now - 31 * 86_400, 0), now)).toBe(false);
    expect(sitesSearchSchema.parse({ scan: 'due' }).scan).toBe('due');
    expect(sitesSearchSchema.parse({ scan: 'late' }).scan).toBe('any');
  });
});

describe('site input', () => {
  it('accepts names, punycode, UTF-8 and full URLs; says why others are not sites', () => {
    expect(parseSiteInput(' Example.COM ')).toEqual({ ok: true, host: 'example.com', domain: 'example.com' });
    expect(parseSiteInput('https://www.bücher.example:8443/shop?x')).toEqual({
      ok: true,
      host: 'www.xn--bcher-kva.example',
      domain: 'www.bücher.example',
    });
    expect(parseSiteInput('xn--bcher-kva.example')).toMatchObject({ ok: true, domain: 'bücher.example' });
    expect(parseSiteInput('ftp://example.com')).toEqual({ ok: false, error: 'scheme' });
    expect(parseSiteInput('10.0.0.1')).toEqual({ ok: false, error: 'ip' });
    expect(parseSiteInput('localhost')).toEqual({ ok: false, error: 'noDot' });
    // Why a name is not one, in the reader's terms.
    expect(parseSiteInput('bad_name.example')).toEqual({ ok: false, error: 'characters' });
    expect(parseSiteInput('shop..example')).toEqual({ ok: false, error: 'emptyPart' });
    expect(parseSiteInput(`${'a'.repeat(70)}.example`)).toEqual({ ok: false, error: 'partTooLong' });
    expect(parseSiteInput('-shop.example')).toEqual({ ok: false, error: 'hyphenEdge' });
    expect(parseSiteInput('shop-.example')).toEqual({ ok: false, error: 'hyphenEdge' });
    expect(parseSiteInput('shop.123')).toEqual({ ok: false, error: 'numericEnd' });
    expect(parseSiteInput('')).toEqual({ ok: false, error: 'empty' });
  });
});

describe('add-sites lines', () => {
  it('reads a CSV with a header, units, duplicates (the last wins) and bad lines', () => {
    const text = [
      'domain,unit',
      'one.example,a@customer.example',
      'not a site',
      '"two.example",b@customer.example',
      'one.example,c@customer.example',
      'three.example,not-an-email',
      '',
    ].join('\n');
    const lines = parseAddLines(text, { hasAgency: true });
    expect(lines.map((l) => [l.line, l.host, l.problem, l.supersededBy])).toEqual([
      [1, 'one.example', undefined, 4],
      [2, undefined, 'characters', undefined],
      [3, 'two.example', undefined, undefined],
      [4, 'one.example', undefined, undefined],
      [5, undefined, 'badEmail', undefined],
    ]);
    expect(linesToSend(lines).map((l) => [l.host, l.unit])).toEqual([
      ['two.example', 'b@customer.example'],
      ['one.example', 'c@customer.example'],
    ]);
  });

  it('needs the agency record to share, and reads semicolons', () => {
    const lines = parseAddLines('a.example;x@customer.example\nb.example', { hasAgency: false });
    expect(lines.map((l) => l.problem)).toEqual(['needsAgency', undefined]);
  });
});

describe('csv export', () => {
  it('writes UTF-8 names with a byte-order mark and quotes cells that look like formulas', () => {
    const csv = toCsv(
      [
        { d: 'bücher.example', n: 3 },
        { d: '=HYPERLINK("x")', n: 0 },
      ],
      [
        { header: 'Domain', value: (r) => r.d },
        { header: 'Threats', value: (r) => r.n },
      ],
    );
    expect(csv).toBe('\uFEFFDomain,Threats\r\nbücher.example,3\r\n"\'=HYPERLINK(""x"")",0\r\n');
  });
});

describe('bulk runner', () => {
  it('keeps at most `concurrency` requests in flight and reports each item', async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    const failed: number[] = [];
    await runBulk({
      items: Array.from({ length: 20 }, (_, i) => i),
      concurrency: 3,
      run: async ([item]) => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight--;
        return item === 7 ? new Map([[7, new Error('no')]]) : new Map();
      },
      onSettled: (ok, bad) => {
        done.push(...ok);
        failed.push(...bad.keys());
      },
    });
    expect(most).toBe(3);
    expect(done.length).toBe(19);
    expect(failed).toEqual([7]);
  });

  it('waits out a rate limit and sends the batch again', async () => {
    const waits: number[] = [];
    let clock = 0;
    let refused = false;
    const done: string[] = [];
    await runBulk({
      items: ['a', 'b', 'c'],
      batchSize: 2,
      concurrency: 1,
      run: async (batch) => {
        if (!refused) {
          refused = true;
          throw new Error('slow down');
        }
        return new Map(batch.includes('c') ? [['c', 'nope']] : []);
      },
      retryAfter: (e) => (e instanceof Error && e.message === 'slow down' ? 2 : undefined),
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      now: () => clock,
      onSettled: (ok) => done.push(...ok),
    });
    expect(waits).toEqual([2000]);
    expect(done).toEqual(['a', 'b']);
  });

  it('stops sending on cancel and says what was not sent', async () => {
    const controller = new AbortController();
    const sent: number[] = [];
    const result = await runBulk({
      items: [1, 2, 3, 4, 5],
      concurrency: 1,
      signal: controller.signal,
      run: async ([item]) => {
        sent.push(item ?? 0);
        if (item === 2) controller.abort();
        return new Map();
      },
      onSettled: () => undefined,
    });
    expect(sent).toEqual([1, 2]);
    expect(result.notSent).toEqual([3, 4, 5]);
  });
});
