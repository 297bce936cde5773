import { describe, expect, it } from 'vitest';
import { FILTER_DEFAULTS, FILTER_KEYS, type SiteFilters } from '../../../data/site-model/sites-search';
import { columnFiltersOf } from './table-model';

describe('the table model', () => {
  it('narrows one column per filter set, none at FILTER_DEFAULTS', () => {
    const set: SiteFilters = {
      q: 'shop',
      status: 'infected',
      firewall: 'off',
      cleanup: 'on',
      period: 'day',
      scan: 'due',
      customer: 'known',
    };
    for (const key of FILTER_KEYS) {
      expect(columnFiltersOf({ ...FILTER_DEFAULTS, [key]: set[key] }), key).toHaveLength(1);
    }
    expect(columnFiltersOf(FILTER_DEFAULTS)).toEqual([]);
  });
});
