/** docs/partner-api.md#site_setoption: every option and value of the table; (!) options per plan (145904). */
import {
  MAX_PERMISSIONS,
  RESTRICTED_OPTIONS,
  SCAN_PERIODS,
  SITE_OPTIONS,
  type SiteOption,
} from '../../../src/api/registry/sites.ts';
import { regex } from '../../../src/api/registry/define.ts';
import { requireUser, type Call } from '../call.ts';
import {
  addFwEvent,
  setAutopatching,
  setAutotreatment,
  setFirewall,
  setPermissions,
  setScanPeriod,
} from '../store/sites.ts';
import { siteNamed } from './sites.ts';

/** An option of the docs/partner-api.md#site_setoption table; own keys only, so `constructor` and the like are unknown options. */
function isSiteOption(name: string): name is SiteOption {
  return Object.hasOwn(SITE_OPTIONS, name);
}

function isScanPeriod(value: string): value is keyof typeof SCAN_PERIODS {
  return Object.hasOwn(SCAN_PERIODS, value);
}

export function siteSetOption(call: Call<'site_setoption'>) {
  const user = requireUser(call);
  const { now } = call;
  const { db } = call.state;
  const [name = '', option = '', value = ''] = call.path;
  const site = siteNamed(db, user.id, name);
  if (!site) throw call.fail('siteNotFound');
  if (!isSiteOption(option)) throw call.fail('invalidOption', `Unknown option "${option}"`);
  if (!regex(SITE_OPTIONS[option]).test(value)) {
    throw call.fail('invalidOption', `"${value}" is not a valid value for ${option}`);
  }
  if (RESTRICTED_OPTIONS.includes(option) && !user.features.split(',').includes(option)) {
    throw call.fail('permissionDenied', `${option} is not part of the account's plan`);
  }
  switch (option) {
    case 'permissions': {
      const n = Number(value);
      if (n > MAX_PERMISSIONS) throw call.fail('invalidOption', 'permissions must be below 2^31');
      setPermissions(db, site.id, n);
      break;
    }
    case 'autocleanup':
      setAutotreatment(db, site.id, Number(value));
      break;
    case 'autopatching':
      setAutopatching(db, site.id, Number(value));
      break;
    case 'firewall': {
      const next = value === 'enable' ? 'enabled' : value === 'disable' ? 'disabled' : 'removed';
      // The firewall is installed through the synchronization file.
      if (next === 'enabled' && !site.syncfile) {
        throw call.fail(
          'operationFailed',
          'The firewall cannot be installed: the synchronization file is not on the site',
        );
      }
      if (next !== site.firewall) {
        setFirewall(db, site.id, next);
        if ((next === 'enabled') !== (site.firewall === 'enabled')) addFwEvent(db, site.id, now, next === 'enabled');
      }
      break;
    }
    case 'scanperiod': {
      if (!isScanPeriod(value)) throw call.fail('invalidOption', `"${value}" is not a valid value for ${option}`);
      const period = SCAN_PERIODS[value];
      setScanPeriod(db, site.id, period, period === 0 ? 0 : now + period);
      break;
    }
  }
  return [name, option, value];
}
