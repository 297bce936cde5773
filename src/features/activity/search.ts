/**
 * The Activity page's filters as URL search params (bookmarkable, each with
 * its fallback: a bad or old URL loses only the bad part), and the workspace
 * filter they make.
 */
import { ACTIVITY_KINDS, type ActivityKind } from '../../api/workspace-types';
import { RE, regex } from '../../api/registry/define';
import { oneOf, optional, searchParam, searchSchema, text } from '../../lib/search-params';

export const PERIODS = ['all', 'day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

const email = text({ max: 254, pattern: RE.email });

/** A domain name as sites are named (UTF-8 or punycode; capitals and a final dot allowed). */
export function looksLikeDomain(value: string): boolean {
  return regex(RE.domain).test(value.trim().replace(/\.$/, ''));
}

export const activitySearchSchema = searchSchema({
  user: searchParam(optional(email), undefined),
  key: searchParam(optional(text({ pattern: String.raw`^[0-9a-f]{16}$` })), undefined),
  site: searchParam(optional(text({ test: looksLikeDomain })), undefined),
  unit: searchParam(optional(email), undefined),
  kind: searchParam(optional(oneOf(ACTIVITY_KINDS as readonly ActivityKind[])), undefined),
  period: searchParam(oneOf(PERIODS), 'all'),
});

export type ActivitySearch = ReturnType<typeof activitySearchSchema.parse>;
