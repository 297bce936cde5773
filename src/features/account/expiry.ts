import type { Format } from '../../i18n/format';
import type { AccountMessages } from './messages';

/** Key expiry as the account menu shows it (docs/partner-api.md#key-metadata: 0 means no expiry). */
export function describeExpiry(expires: unknown, t: AccountMessages, f: Format): string {
  if (expires === 0) return t.neverExpires;
  if (typeof expires === 'number' && Number.isFinite(expires) && expires > 0) {
    return t.expires({ date: f.unixTime(expires) });
  }
  if (expires === undefined || expires === null) return t.expiryNotReported;
  return t.expiresRaw({ value: String(expires) });
}
