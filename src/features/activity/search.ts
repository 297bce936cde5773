/**
 * The Activity page's filters as URL search params (bookmarkable, each with
 * its fallback: a bad or old URL loses only the bad part), and the workspace
 * filter they make.
 */
import * as z from 'zod/mini';
import { ACTIVITY_KINDS, type ActivityFilter, type ActivityKind } from '../../api/workspace-types';
import { RE, regex } from '../../api/registry/define';
import { searchParam, searchSchema } from '../../lib/search-params';

export const PERIODS = ['all', 'day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

const SPAN_MS: Record<Period, number | null> = {
  all: null,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};

const email = z.string().check(z.maxLength(254), z.regex(regex(RE.email)));

const DOMAIN = regex(RE.domain);

/** A domain name as sites are named (UTF-8 or punycode; capitals and a final dot allowed). */
export function looksLikeDomain(value: string): boolean {
  return DOMAIN.test(value.trim().replace(/\.$/, ''));
}

export const activitySearchSchema = searchSchema({
  user: searchParam(z.optional(email), undefined),
  key: searchParam(z.optional(z.string().check(z.regex(/^[0-9a-f]{16}$/))), undefined),
  site: searchParam(z.optional(z.string().check(z.refine(looksLikeDomain))), undefined),
  unit: searchParam(z.optional(email), undefined),
  kind: searchParam(z.optional(z.enum(ACTIVITY_KINDS as [ActivityKind, ...ActivityKind[]])), undefined),
  period: searchParam(z.enum(PERIODS), 'all'),
});

export type ActivitySearch = z.output<typeof activitySearchSchema>;

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
