/**
 * Who may frame and embed the dashboard: FRAME_ANCESTORS and EMBED_ORIGINS
 * (README "Configuration").
 */
import { z } from 'zod';
import { DEFAULT_FRAME_ANCESTORS } from '../proxy/security-headers.ts';
import { listEntries, unsetIfEmpty } from './values.ts';

const CSP_SOURCE = /^(?:'self'|\*|https?:|(?:https?:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/i;

export const frameAncestors = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return DEFAULT_FRAME_ANCESTORS;
      const sources = value.trim().split(/\s+/);
      if (sources.length === 1 && sources[0]?.toLowerCase() === "'none'") return "'none'";
      const bad = sources.filter((source) => !CSP_SOURCE.test(source));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `FRAME_ANCESTORS has ${bad.map((s) => `"${s}"`).join(', ')}, which ${bad.length === 1 ? 'is not a' : 'are not'} CSP source${bad.length === 1 ? '' : 's'}; use 'self', 'none' alone, or origins such as https://panel.example.com or https://*.example.com, separated by spaces`,
        });
        return z.NEVER;
      }
      return sources.join(' ');
    }),
);

export const embedOrigins = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [];
      const origins: string[] = [];
      for (const entry of listEntries(value)) {
        let origin: string | null = null;
        try {
          const url = new URL(entry);
          if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry.toLowerCase())
            origin = url.origin;
        } catch {
          origin = null;
        }
        if (origin === null) {
          ctx.addIssue({
            code: 'custom',
            message: `EMBED_ORIGINS entry "${entry}" is not an origin; write scheme://host[:port] with no path, e.g. https://panel.example.com`,
          });
        } else {
          origins.push(origin);
        }
      }
      return origins;
    }),
);
