/**
 * Type-level proofs (checked by `tsc` in npm test; the runtime part is trivial):
 * the client's functions follow the registry, and the two written by hand
 * (api_test, syncfile_get) take exactly what their registry entries describe.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { AgencyBody, SiteEntry } from './bodies.ts';
import type { ApiClient, ApiTestArgs, CallArgs, CallOptions } from './client.ts';
import type { MethodKey } from './query-keys.ts';
import type { ArgvName, DefOf, ErrorName, FlagName, MethodName, PathName } from './registry.ts';
import type { Site } from './schemas.ts';

describe('the client follows the registry', () => {
  it('derives positional path parameters, then flags and named arguments', () => {
    expectTypeOf<CallArgs<'site_unshare'>>().toEqualTypeOf<[string, string]>();
    expectTypeOf<CallArgs<'site_setoption'>>().toEqualTypeOf<[string, string, string]>();
    expectTypeOf<CallArgs<'api_keyinfo'>>().toEqualTypeOf<[]>();
    expectTypeOf<CallOptions<'site_delete'>>().toEqualTypeOf<{ ignore?: boolean }>();
    expectTypeOf<CallOptions<'unit_delete'>>().toEqualTypeOf<{ withsites?: boolean; ignore?: boolean }>();
    expectTypeOf<CallOptions<'sites_list'>>().toEqualTypeOf<{
      withscanreport?: boolean;
      withfwhistory?: boolean;
      unit?: string;
    }>();
    expectTypeOf<ApiClient['site_delete']>().parameters.toEqualTypeOf<[string, { ignore?: boolean }?]>();
    expectTypeOf<ApiClient['sites_list']>().returns.resolves.toEqualTypeOf<Site[]>();
  });

  it('takes the body of methods that read one', () => {
    expectTypeOf<CallArgs<'agency_update'>>().toEqualTypeOf<[body: AgencyBody]>();
    expectTypeOf<CallArgs<'sites_add'>>().toEqualTypeOf<[body: SiteEntry[]]>();
    expectTypeOf<AgencyBody['title']>().toEqualTypeOf<string>();
    expectTypeOf<AgencyBody['logourl']>().toEqualTypeOf<string | undefined>();
  });

  it('api_test, written by hand, takes its path parameters, its named arguments and POST data', () => {
    expectTypeOf<keyof ApiTestArgs>().toEqualTypeOf<PathName<'api_test'> | ArgvName<'api_test'> | 'post'>();
    type Required<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
    type RequiredArgv = DefOf<'api_test'>['requiredArgv'][number];
    expectTypeOf<Required<ApiTestArgs>>().toEqualTypeOf<PathName<'api_test'> | RequiredArgv>();
    expectTypeOf<FlagName<'api_test'>>().toEqualTypeOf<never>();
  });

  it('syncfile_get, written by hand, takes nothing, as its entry says', () => {
    expectTypeOf<
      PathName<'syncfile_get'> | ArgvName<'syncfile_get'> | FlagName<'syncfile_get'>
    >().toEqualTypeOf<never>();
    expectTypeOf<ApiClient['syncfile_get']>().parameters.toEqualTypeOf<[]>();
  });

  it('names every error of a method, and no other', () => {
    expectTypeOf<ErrorName<'site_scan'>>().toEqualTypeOf<'siteNotFound' | 'notAvailable' | 'scannerFailed'>();
    expectTypeOf<ErrorName<'dashboard'>>().toEqualTypeOf<never>();
    expectTypeOf<MethodKey<'sites_list'>>().toEqualTypeOf<readonly ['sites_list', CallOptions<'sites_list'>?]>();
    expectTypeOf<MethodName>().toExtend<string>();
  });
});
