const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A UNIX timestamp (seconds, as the API gives them, spec §2) in the user's locale. */
export function formatUnixTime(seconds: number): string {
  return dateTime.format(new Date(seconds * 1000));
}

/** m:ss for a countdown; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Key expiry as the account menu shows it (spec §2.6: 0 means no expiry). */
export function describeExpiry(expires: unknown): string {
  if (expires === 0) return 'Never expires';
  if (typeof expires === 'number' && Number.isFinite(expires) && expires > 0)
    return `Expires ${formatUnixTime(expires)}`;
  if (expires === undefined || expires === null) return 'Expiry not reported';
  return `Expires: ${String(expires)}`;
}
