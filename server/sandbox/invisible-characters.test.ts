/**
 * Invisible formatting characters (\p{Cf}: right-to-left override, isolates,
 * zero-width space, tags, soft hyphen) are refused in e-mails and site names,
 * over real HTTP, wherever the sandbox takes them: signup, a shared site's
 * unit, unit_update, the agency's e-mail, a site name.
 */
import { describe, expect, it } from 'vitest';
import { enc, freshHttpSandbox } from './testing.ts';

const INVISIBLE = ['\u202e', '\u2066', '\u2069', '\u200b', '\u00ad', '\u{e0041}', '\ufeff'];

describe('invisible formatting characters', () => {
  it('are refused in e-mails and site names', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    await bed.addSites(account, ['shared.example']);
    for (const ch of INVISIBLE) {
      const email = `bob${ch}teb@partner.example`;
      const signup = await bed.call(`/api/signup/${enc(email)}/`, { key: bed.appKey });
      expect(signup.envelope.error, JSON.stringify(ch)).not.toBe(0);
      const added = await bed.addSites(account, [{ name: 'shared.example', share: email }, `bob${ch}site.example`]);
      expect(Object.keys(added), JSON.stringify(ch)).toEqual(['0', '1']);
      expect(added['1']).toMatch(/invisible formatting character|not a valid domain name/);
      const renamed = await bed.call(`/api/unit_update/${enc('u@unit.example')}/${enc(email)}/`, { key: account });
      expect(renamed.envelope.error, JSON.stringify(ch)).not.toBe(0);
      const agency = await bed.call('/api/agency_update/', { key: account, body: { title: 'T', email } });
      expect(agency.envelope.error, JSON.stringify(ch)).toBe(503);
    }
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['shared.example']);
  });
});
