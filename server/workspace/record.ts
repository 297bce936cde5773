/**
 * What a write that passed through the server means for the workspace, read
 * from its request target, its body (sites_add) and the upstream's answer
 * envelope: the activity entries to log and the changes to the account's
 * memory (./recorder.ts applies them). Only what is named is kept: the
 * method, the site, the unit, the option and its value, the result.
 */
import { flagIsOn, lastQueryValue } from '../../src/api/query-args.ts';
import { errorCode, methodErrorOf } from '../../src/api/registry.ts';
import { pathParams, siteKey, unitKey } from './names.ts';
import type { ActivityKind } from './types.ts';

/** The methods whose calls are recorded (docs/partner-api.md#lifecycle). */
export const RECORDED_METHODS: ReadonlySet<string> = new Set([
  'sites_add',
  'site_delete',
  'site_unshare',
  'site_setoption',
  'site_scan',
  'unit_update',
  'unit_delete',
  'agency_update',
  'agency_delete',
]);

const PERMISSION_DENIED = errorCode('site_setoption', 'permissionDenied');
const SCAN_NOT_AVAILABLE = errorCode('site_scan', 'notAvailable');

/** One log entry before its author and time are known; `unit: 'site'` asks for the site's customer. */
interface Happening {
  kind: ActivityKind;
  site: string | null;
  unit: string | null;
  option: string | null;
  value: string | null;
  result: number;
  error: string | null;
}

export type Change =
  | { kind: 'share'; pairs: Array<{ domain: string; unit: string }> }
  | { kind: 'unshare'; domain: string; unit: string }
  | { kind: 'forget-site'; domain: string }
  | { kind: 'rename-unit'; from: string; to: string }
  | { kind: 'remove-unit'; email: string; withSites: boolean }
  | { kind: 'patching'; domain: string; enabled: boolean }
  | { kind: 'refuse-option'; option: string }
  | { kind: 'period-set'; domain: string }
  | { kind: 'sync-refused'; domain: string }
  | { kind: 'sync-worked'; domain: string };

export interface Reading {
  happenings: Happening[];
  changes: Change[];
  /** Sites whose customer (from the map) the entries name. */
  customerOf: string[];
}

const NOTHING: Reading = { happenings: [], changes: [], customerOf: [] };

/**
 * Reads one answered write. `error` is the envelope's; system errors
 * (500–505: nothing changed, or the key was not accepted) are not recorded.
 */
export function readWrite(method: string, target: string, body: unknown, error: number, result: unknown): Reading {
  if (!RECORDED_METHODS.has(method) || (error >= 500 && error < 1000)) return NOTHING;
  const ok = error === 0;
  const errorName = ok ? null : (methodErrorOf(error)?.name ?? String(error));
  const params = pathParams(target) ?? [];
  const base = { site: null, unit: null, option: null, value: null, result: error, error: errorName };
  const one = (kind: ActivityKind, over: Partial<Happening>, changes: Change[] = []): Reading => ({
    happenings: [{ ...base, kind, ...over }],
    changes: ok ? changes : [],
    customerOf: over.site && over.unit === undefined ? [over.site] : [],
  });
  const [first = '', second = '', third = ''] = params;

  switch (method) {
    case 'sites_add':
      return readSitesAdd(body, error, errorName, result);
    case 'site_delete': {
      const site = siteKey(first);
      return site === null ? NOTHING : one('sites', { site }, [{ kind: 'forget-site', domain: site }]);
    }
    case 'site_unshare': {
      const unit = unitKey(first);
      const site = siteKey(second);
      if (unit === null || site === null) return NOTHING;
      return one('shares', { site, unit }, [{ kind: 'unshare', domain: site, unit }]);
    }
    case 'site_setoption': {
      const site = siteKey(first);
      if (site === null || second === '') return NOTHING;
      const reading = one('options', { site, option: second, value: third }, []);
      if (ok && second === 'autopatching')
        reading.changes.push({ kind: 'patching', domain: site, enabled: third === '1' });
      if (ok && second === 'scanperiod') reading.changes.push({ kind: 'period-set', domain: site });
      if (error === PERMISSION_DENIED) reading.changes.push({ kind: 'refuse-option', option: second });
      return reading;
    }
    case 'site_scan': {
      const site = siteKey(first);
      if (site === null) return NOTHING;
      const reading = one('scans', { site }, [{ kind: 'sync-worked', domain: site }]);
      if (error === SCAN_NOT_AVAILABLE) reading.changes.push({ kind: 'sync-refused', domain: site });
      return reading;
    }
    case 'unit_update': {
      const from = unitKey(first);
      const to = unitKey(second);
      if (from === null || to === null) return NOTHING;
      return one('units', { unit: from, value: to }, [{ kind: 'rename-unit', from, to }]);
    }
    case 'unit_delete': {
      const email = unitKey(first);
      if (email === null) return NOTHING;
      const withSites = flagIsOn(lastQueryValue(target, 'withsites'));
      return one('units', { unit: email, value: withSites ? 'withsites' : null }, [
        { kind: 'remove-unit', email, withSites },
      ]);
    }
    default:
      // agency_update, agency_delete: the record's fields are not logged.
      return one('agency', {});
  }
}

/** sites_add: one entry per site named (added, or refused by its own error in `result`). */
function readSitesAdd(body: unknown, error: number, errorName: string | null, result: unknown): Reading {
  const entries = Array.isArray(body) ? body : [];
  if (error !== 0) {
    const happening: Happening = {
      kind: 'sites',
      site: null,
      unit: null,
      option: null,
      value: `${entries.length} sites`,
      result: error,
      error: errorName,
    };
    return { happenings: [happening], changes: [], customerOf: [] };
  }
  const refused = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
  const happenings: Happening[] = [];
  const pairs: Array<{ domain: string; unit: string }> = [];
  entries.forEach((entry: unknown, index) => {
    const name = typeof entry === 'string' ? entry : isNamed(entry) ? entry.name : null;
    const site = name === null ? null : siteKey(name);
    if (site === null) return;
    const share = isNamed(entry) && typeof entry.share === 'string' ? unitKey(entry.share) : null;
    const wasRefused = Object.hasOwn(refused, String(index));
    happenings.push({
      kind: share === null ? 'sites' : 'shares',
      site,
      unit: share,
      option: null,
      value: null,
      result: 0,
      error: wasRefused ? 'entryRefused' : null,
    });
    if (!wasRefused && share !== null) pairs.push({ domain: site, unit: share });
  });
  return { happenings, changes: pairs.length > 0 ? [{ kind: 'share', pairs }] : [], customerOf: [] };
}

function isNamed(value: unknown): value is { name: string; share?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
}
