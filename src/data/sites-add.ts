/**
 * Adding sites in calls of a few hundred (docs/partner-api.md#sites_add; the dashboard's
 * own bound, src/api/limits.ts). Per-site errors come back keyed by index
 * (docs/partner-api.md#error-rules rule 4) and are mapped to the caller's entries. When the plan is full
 * (141900, for the whole call), the call is halved until what fits is added,
 * so the user learns how many were added and that no more fit.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../api/client';
import { isMethodError } from '../api/error-catalogue';
import { useApi } from '../lib/api-context';
import { useAccountId } from './account';
import { SITES_KEY } from './sites-query';
import { addUnit } from './units-directory';
import { invalidateWorkspace } from './workspace';

/** Sites per sites_add call: a few hundred, so no call holds the service long. */
const ADD_CHUNK = 250;

export interface AddEntry {
  /** The site as the service takes it (punycode or UTF-8, docs/partner-api.md#sites_add). */
  name: string;
  /** The unit to share it with. */
  share?: string | undefined;
}

export interface AddOutcome {
  /** Entries the service took (added, or already in the account). */
  added: number[];
  /** Entry index → the service's message for it. */
  failed: Map<number, string>;
  /** Entries not added because the plan has no room for more (141900). */
  overPlan: number[];
  /** Entries not sent because a call failed as a whole for another reason. */
  notSent: number[];
  /** That failure. */
  error?: unknown;
}

export interface AddOptions {
  chunk?: number;
  onProgress?: (done: number, total: number) => void;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

export async function addSitesInChunks(
  api: ApiClient,
  entries: readonly AddEntry[],
  { chunk = ADD_CHUNK, onProgress }: AddOptions = {},
): Promise<AddOutcome> {
  const outcome: AddOutcome = { added: [], failed: new Map(), overPlan: [], notSent: [] };
  let at = 0;
  let size = chunk;
  while (at < entries.length) {
    const part = entries.slice(at, at + size);
    try {
      const result = await api.sites_add(part.map((e) => (e.share ? { name: e.name, share: e.share } : e.name)));
      part.forEach((_, i) => {
        const message = result[String(i)];
        if (message === undefined) outcome.added.push(at + i);
        else outcome.failed.set(at + i, message);
      });
      at += part.length;
      onProgress?.(at, entries.length);
    } catch (error) {
      if (isMethodError(error, 'sites_add', 'upgradeRequired')) {
        if (size > 1) {
          // Some of this call may fit: try half of it.
          size = Math.ceil(size / 2);
          continue;
        }
        outcome.overPlan = range(at, entries.length);
      } else {
        outcome.error = error;
        outcome.notSent = range(at, entries.length);
      }
      break;
    }
  }
  return outcome;
}

/** addSitesInChunks for the signed-in account: then the lists are refetched and shared-with units join the directory. */
export function useAddSites() {
  const api = useApi();
  const client = useQueryClient();
  const account = useAccountId();
  return useCallback(
    async (entries: readonly AddEntry[], options?: AddOptions) => {
      try {
        const outcome = await addSitesInChunks(api, entries, options);
        for (const i of outcome.added) {
          const unit = entries[i]?.share;
          if (unit) addUnit(account, unit, 'shared');
        }
        return outcome;
      } finally {
        await client.invalidateQueries({ queryKey: SITES_KEY });
        await invalidateWorkspace(client);
      }
    },
    [api, client, account],
  );
}
