/**
 * The embedding protocol, version 1 (docs/embedding.md): what the dashboard in
 * a panel's iframe and the panel's page say to each other with postMessage.
 * Every message is `{ type, version, ... }`. What comes in is outside data:
 * parsed here with zod, and a refusal names the fields, never their values
 * (an `auth` message carries keys).
 */
import * as z from 'zod/mini';
import { apiKeySchema, macKeySchema } from '../../api/credentials';
import { isInAppPath } from '../../lib/in-app-path';

export const PROTOCOL_VERSION = 1;

/** `#rgb` or `#rrggbb`: the only colours a panel may hand in (they end up in CSS variables). */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A BCP 47 language tag as panels send them (`de`, `de-AT`, `zh-Hant-TW`). */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;
/** The tallest frame the protocol knows of, in CSS pixels: the dashboard refuses a `viewport` beyond it, the host helper a `resize`. */
const MAX_FRAME_PIXELS = 100_000;

const version = z.literal(PROTOCOL_VERSION);

const authMessage = z.looseObject({
  type: z.literal('auth'),
  version,
  apiKey: apiKeySchema,
  macKey: z.optional(macKeySchema),
});

const themeMessage = z.looseObject({
  type: z.literal('theme'),
  version,
  mode: z.optional(z.enum(['light', 'dark', 'system'])),
  /** null: back to the dashboard's own colours. */
  accent: z.optional(z.nullable(z.string().check(z.regex(HEX_COLOUR)))),
});

const localeMessage = z.looseObject({
  type: z.literal('locale'),
  version,
  locale: z.string().check(z.maxLength(35), z.regex(LANGUAGE_TAG)),
});

const navigateMessage = z.looseObject({
  type: z.literal('navigate'),
  version,
  path: z.string().check(z.refine(isInAppPath)),
});

/** A length in the frame's CSS pixels: no panel's frame is taller than the host helper lets it be. */
const framePixels = z.number().check(z.gte(0), z.lte(MAX_FRAME_PIXELS));

/** The part of the frame the panel's window shows: from `top` down, `height` tall, in the frame's CSS pixels. */
const viewportMessage = z.looseObject({
  type: z.literal('viewport'),
  version,
  top: framePixels,
  height: framePixels,
});

const hostMessageSchema = z.discriminatedUnion('type', [
  authMessage,
  themeMessage,
  localeMessage,
  navigateMessage,
  viewportMessage,
]);

/** A message from the panel's page. */
export type HostMessage = z.infer<typeof hostMessageSchema>;
const HOST_TYPES: readonly string[] = ['auth', 'theme', 'locale', 'navigate', 'viewport'];

type ProtocolErrorCode = 'bad-message' | 'unknown-type' | 'unsupported-version' | 'auth-failed' | 'unsupported-locale';

/** A message from the dashboard to the panel's page. */
export type DashboardMessage =
  | { type: 'ready'; version: 1; signedIn: boolean }
  | { type: 'resize'; version: 1; height: number }
  | { type: 'navigated'; version: 1; path: string }
  | { type: 'signed-in'; version: 1 }
  | { type: 'signed-out'; version: 1 }
  | { type: 'error'; version: 1; code: ProtocolErrorCode; message: string; about?: string };

const head = z.looseObject({ type: z.string().check(z.maxLength(64)), version: z.unknown() });

export type ParsedHostMessage =
  { ok: true; message: HostMessage } | { ok: false; code: ProtocolErrorCode; message: string; about?: string };

/**
 * Reads a message from the panel. The refusal's text is for the panel's
 * developers: which fields are wrong, not what they held.
 */
export function parseHostMessage(data: unknown): ParsedHostMessage {
  const top = head.safeParse(data);
  if (!top.success) {
    return { ok: false, code: 'bad-message', message: 'A message is an object with a string "type" and a "version"' };
  }
  const { type } = top.data;
  if (!HOST_TYPES.includes(type)) {
    return { ok: false, code: 'unknown-type', message: `Unknown message type: ${JSON.stringify(type)}` };
  }
  if (top.data.version !== PROTOCOL_VERSION) {
    return {
      ok: false,
      code: 'unsupported-version',
      message: `This dashboard speaks version ${PROTOCOL_VERSION} of the protocol`,
      about: type,
    };
  }
  const parsed = hostMessageSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(message)'))];
  return { ok: false, code: 'bad-message', message: `Invalid ${fields.join(', ')}`, about: type };
}
