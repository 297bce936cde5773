/**
 * The workspace's activity filter from the page's search params (apart from
 * search.ts, which the route's URL check loads with the app's entry).
 */
import type { ActivityFilter } from '../../api/workspace-types';
import type { ActivitySearch, Period } from './search';

const SPAN_MS: Record<Period, number | null> = {
  all: null,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};

/** The workspace's filter; `now` in ms (the page fixes it when the period is chosen). */
export function filterOf(search: ActivitySearch, now: number): ActivityFilter {
  const filter: ActivityFilter = {};
  if (search.user !== undefined) filter.user = search.user;
  if (search.key !== undefined) filter.key = search.key;
  if (search.site !== undefined) filter.site = search.site.trim().toLowerCase().replace(/\.$/, '');
  if (search.unit !== undefined) filter.unit = search.unit.trim().toLowerCase();
  if (search.kind !== undefined) filter.kind = search.kind;
  const span = SPAN_MS[search.period];
  if (span !== null) filter.from = now - span;
  return filter;
}
