import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../api/workspace';
import { errorMessages } from '../../i18n/error-messages';
import { methodErrorMessages } from '../../i18n/method-error-messages';
import { howItEnded, whatWasDone } from './entry-words';
import { activityMessages } from './messages';

const t = activityMessages.get();
const errors = { ...errorMessages.get(), ...methodErrorMessages.get() };

function entry(over: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: 1,
    at: 0,
    method: 'site_setoption',
    kind: 'options',
    site: 'one.example',
    unit: null,
    option: null,
    value: null,
    result: 0,
    error: null,
    who: { userEmail: 'partner@agency.example', keyId: '0123456789abcdef', personName: null },
    ...over,
  };
}

describe('an activity entry in words', () => {
  it('says what was done from the method, its option and value', () => {
    const said = (over: Partial<ActivityEntry>) => whatWasDone(t, entry(over));
    expect(said({ option: 'firewall', value: 'disable' })).toBe('Turned the firewall off');
    expect(said({ option: 'autopatching', value: '1' })).toBe('Turned automatic patching on');
    expect(said({ option: 'scanperiod', value: '0' })).toBe('Set scans to never (on demand only)');
    expect(said({ option: 'permissions', value: '15' })).toBe('Set the permissions to 15');
    expect(said({ method: 'sites_add', kind: 'shares', unit: 'c@a.example' })).toBe('Added the site for the customer');
    expect(said({ method: 'sites_add', kind: 'sites', site: null, value: '3 sites' })).toBe('Tried to add 3 sites');
    expect(said({ method: 'unit_delete', kind: 'units', value: 'withsites' })).toBe(
      'Deleted the customer and its sites',
    );
  });

  it('says how it ended in the catalogue’s words', () => {
    expect(howItEnded(t, errors, entry({}))).toEqual({ ok: true, text: 'Done' });
    expect(howItEnded(t, errors, entry({ method: 'site_scan', result: 146_901, error: 'notAvailable' }))).toEqual({
      ok: false,
      text: 'This site cannot be scanned yet',
    });
    expect(howItEnded(t, errors, entry({ method: 'sites_add', error: 'entryRefused' })).text).toBe(
      'Refused for this site',
    );
    expect(howItEnded(t, errors, entry({ result: 999_999, error: '999999' })).text).toBe('Error 999999');
  });
});
