/**
 * The dashboard's own writes as they change the read model, read from what
 * the recorder sees pass the proxy (server/workspace/recorder.ts): only
 * answers with `error` 0. Shares need nothing here: the customer of a site
 * is the workspace's map, joined when read.
 */
import { flagIsOn, lastQueryValue } from '../../src/api/query-args.ts';
import { SCAN_PERIODS, type ScanPeriod } from '../../src/api/registry/sites.ts';
import { pathParams, siteKey, unitKey } from '../workspace/names.ts';
import type { FleetChange } from './store-write.ts';

export function fleetChangesOf(
  method: string,
  target: string,
  body: unknown,
  error: number,
  result: unknown,
): FleetChange[] {
  if (error !== 0) return [];
  const [first = '', second = '', third = ''] = pathParams(target) ?? [];
  switch (method) {
    case 'sites_add': {
      const refused = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
      const domains: string[] = [];
      (Array.isArray(body) ? body : []).forEach((entry: unknown, index) => {
        const name =
          typeof entry === 'string'
            ? entry
            : typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string'
              ? (entry as { name: string }).name
              : null;
        const domain = name === null ? null : siteKey(name);
        if (domain !== null && !Object.hasOwn(refused, String(index))) domains.push(domain);
      });
      return domains.length === 0 ? [] : [{ kind: 'added', domains }];
    }
    case 'site_delete': {
      const domain = siteKey(first);
      return domain === null ? [] : [{ kind: 'deleted', domain }];
    }
    case 'unit_delete': {
      const unit = unitKey(first);
      return unit !== null && flagIsOn(lastQueryValue(target, 'withsites')) ? [{ kind: 'unit-deleted', unit }] : [];
    }
    case 'site_scan': {
      const domain = siteKey(first);
      return domain === null ? [] : [{ kind: 'scanning', domain }];
    }
    case 'site_setoption': {
      const domain = siteKey(first);
      const change = domain === null ? null : optionChange(second, third);
      return domain === null || change === null ? [] : [{ kind: 'option', domain, ...change }];
    }
    default:
      return [];
  }
}

type OptionChange = Pick<Extract<FleetChange, { kind: 'option' }>, 'column' | 'value'>;

function optionChange(option: string, value: string): OptionChange | null {
  switch (option) {
    case 'firewall':
      return { column: 'firewall', value: value === 'enable' ? 1 : 0 };
    case 'autocleanup':
      return { column: 'cleanup', value: value === '1' ? 1 : 0 };
    case 'scanperiod':
      return Object.hasOwn(SCAN_PERIODS, value)
        ? { column: 'scanperiod', value: SCAN_PERIODS[value as ScanPeriod] }
        : null;
    case 'permissions':
      return /^\d{1,15}$/.test(value) ? { column: 'permissions', value: Number(value) } : null;
    default:
      return null;
  }
}
