/**
 * Invisible formatting characters in the dashboard's own checks: an e-mail or a
 * site name holding one is refused before it is sent; a CSV cell holding one is
 * isolated (FSI … PDI), as <bdi> isolates free text in the pages.
 */
import { describe, expect, it } from 'vitest';
import { RE, regex } from '../../api/registry/define';
import { toCsv } from './csv-export';
import { parseSiteInput } from './site-input';

const RLO = '\u202e';

describe('invisible formatting characters', () => {
  it('are refused in e-mails and site names, and isolate the CSV cell that holds one', () => {
    for (const ch of [RLO, '\u2066', '\u200b', '\u00ad', '\u{e0041}']) {
      expect(regex(RE.email).test(`bob${ch}@partner.example`)).toBe(false);
      expect(parseSiteInput(`bob${ch}site.example`)).toEqual({ ok: false, error: 'invisible' });
    }
    expect(regex(RE.email).test('bob@partner.example')).toBe(true);
    const csv = toCsv(
      [{ name: `a${RLO}b` }, { name: 'plain' }],
      [{ header: 'name', value: (r: { name: string }) => r.name }],
    );
    expect(csv).toBe(`\ufeffname\r\n\u2068a${RLO}b\u2069\r\nplain\r\n`);
  });
});
