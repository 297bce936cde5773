/**
 * Writes that wait for something first: the person's name is asked before
 * the first write of a sign-in (src/data/person-name.ts, loaded only then).
 * In the entry chunk, so small.
 */
import type { ApiClient } from '../api/client';

/** The methods whose calls the workspace records (server/workspace/record.ts). */
const RECORDED_WRITES = [
  'sites_add',
  'site_delete',
  'site_unshare',
  'site_setoption',
  'site_scan',
  'unit_update',
  'unit_delete',
  'agency_update',
  'agency_delete',
] as const;

/** The client whose recorded writes wait for `beforeWrite` first; reads go at once. */
export function gateWrites(api: ApiClient, beforeWrite: () => Promise<void>): ApiClient {
  const gated: Record<string, unknown> = { ...api };
  for (const method of RECORDED_WRITES) {
    const call = api[method] as (...args: unknown[]) => Promise<unknown>;
    gated[method] = async (...args: unknown[]) => {
      await beforeWrite();
      return call(...args);
    };
  }
  return gated as ApiClient;
}

/** Where a tab keeps that the person skipped the question (sessionStorage). */
export const NAME_SKIPPED_KEY = 'psd.name-skipped';

/** What the tab keeps for a skipped question: a short hash of the key, never the key. */
export function nameSkipMarker(apiKey: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < apiKey.length; i += 1) {
    hash ^= apiKey.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
