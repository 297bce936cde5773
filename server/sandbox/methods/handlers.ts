/** One handler per registry method (the registry decides routing and validation). */
import type { HandlerTable, PreparationTable } from '../call.ts';
import { signin, signout, signup } from './account.ts';
import { agencyDelete, agencyUpdate, agencyView } from './agency.ts';
import { apiKeyInfo, apiMethodData, apiMethodList, apiUserInfo } from './api-info.ts';
import { apiTest } from './api-test.ts';
import { dashboard } from './dashboard.ts';
import { siteSetOption } from './site-options.ts';
import { siteDelete, siteScan, siteUnshare } from './sites.ts';
import { prepareSitesAdd, sitesAdd } from './sites-add.ts';
import { sitesList } from './sites-list.ts';
import { syncfileGet } from './syncfile.ts';
import { unitDelete, unitUpdate } from './units.ts';

export const HANDLERS = {
  signup,
  signin,
  signout,
  dashboard,
  agency_update: agencyUpdate,
  agency_delete: agencyDelete,
  agency_view: agencyView,
  unit_update: unitUpdate,
  unit_delete: unitDelete,
  sites_add: sitesAdd,
  sites_list: sitesList,
  site_delete: siteDelete,
  site_unshare: siteUnshare,
  site_setoption: siteSetOption,
  site_scan: siteScan,
  syncfile_get: syncfileGet,
  api_methodlist: apiMethodList,
  api_methoddata: apiMethodData,
  api_keyinfo: apiKeyInfo,
  api_userinfo: apiUserInfo,
  api_test: apiTest,
} as const satisfies HandlerTable;

/** Methods that read heavy input before their transaction, a step at a time (call.ts PreparationTable). */
export const PREPARATIONS: PreparationTable = { sites_add: prepareSitesAdd };
