/**
 * Who may frame and embed the dashboard: FRAME_ANCESTORS and EMBED_ORIGINS
 * (README "Configuration", docs/embedding.md). Unset, both default in
 * server/config.ts, by mode: see embeddingDefaults.
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
      if (value === undefined) return undefined;
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
      if (value === undefined) return undefined;
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

/**
 * The origins of the sandbox's example host page (/sandbox/embed-example):
 * the dashboard's own port under the other loopback name, so the page and the
 * dashboard are two origins, as a hoster panel and the dashboard are.
 */
function exampleHostOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * FRAME_ANCESTORS and EMBED_ORIGINS when unset. In front of the real service:
 * `'self'` and none (nothing embeds the dashboard until the operator says
 * who). In sandbox mode on a loopback address with a fixed port, the example
 * host page's origins too, so `npm start` shows embedding out of the box;
 * nothing beyond this machine is allowed by default.
 */
export function embeddingDefaults(options: { sandboxOnLoopback: boolean; port: number }): {
  frameAncestors: string;
  embedOrigins: string[];
} {
  const example = options.sandboxOnLoopback && options.port !== 0 ? exampleHostOrigins(options.port) : [];
  return { frameAncestors: [DEFAULT_FRAME_ANCESTORS, ...example].join(' '), embedOrigins: example };
}
