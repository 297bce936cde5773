/**
 * The Activity page's filters as URL search params (bookmarkable, each with
 * its fallback: a bad or old URL loses only the bad part), and the workspace
 * filter they make.
 */
import * as z from 'zod/mini';
import { ACTIVITY_KINDS, type ActivityKind } from '../../api/workspace-types';
import { RE, regex } from '../../api/registry/define';
import { searchParam, searchSchema } from '../../lib/search-params';

export const PERIODS = ['all', 'day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

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
