/** Units, the end customers sites are shared with (spec §4.4). */
import { DB_ERROR, RE, SIGNIN, type MethodDef } from './define.ts';

export const UNIT_NOT_FOUND = { name: 'unitNotFound', message: 'Unit not found' } as const;

export const UNIT_METHODS = [
  {
    name: 'unit_update',
    description: 'Change the e-mail of a unit; all sites shared with it follow.',
    errprefix: 131,
    errors: [DB_ERROR, UNIT_NOT_FOUND],
    path: [
      { name: 'unit', re: RE.email, kind: 'email' },
      { name: 'new_email', re: RE.email, kind: 'email' },
    ],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'unit_delete',
    description: 'Delete a unit; withsites also deletes its sites, ignore suppresses "not found".',
    errprefix: 132,
    errors: [DB_ERROR, UNIT_NOT_FOUND],
    path: [{ name: 'unit', re: RE.email, kind: 'email' }],
    argv: {},
    flags: ['withsites', 'ignore'],
    keys: SIGNIN,
  },
] as const satisfies readonly MethodDef[];
