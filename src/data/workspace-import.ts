/**
 * What this browser kept per account before the team's workspace did
 * (localStorage `psd.<name>.<account>`, sessionStorage for refused options):
 * offered once for import into the workspace, then removed from the browser,
 * imported or dismissed. Nothing is read from or written to the browser's
 * storage after that. When sites' scan period was set is not asked about: it
 * goes to the workspace by itself (useImportPeriodSet).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { WorkspaceError, type WorkspaceClient } from '../api/workspace';
import { readStorage, removeStorage, type StorageArea } from '../platform/safe-storage';
import { invalidateWorkspace } from './workspace';
import { useWorkspaceClient } from './workspace-client';

export interface LegacyMemory {
  /** The units directory's e-mails. */
  units: string[];
  /** Sites whose automatic patching was remembered here. */
  patching: number;
  /** Sites refused a scan for a missing synchronization file here. */
  syncMissing: number;
}

const LEGACY: readonly { name: string; area: StorageArea }[] = [
  { name: 'units', area: 'local' },
  { name: 'patching', area: 'local' },
  { name: 'scans', area: 'local' },
  { name: 'unavailable-options', area: 'session' },
];

const unitsSchema = z.array(z.object({ email: z.string() }));
const patchingSchema = z.record(z.string(), z.unknown());
const scansSchema = z.record(z.string(), z.object({ outcome: z.string() }));
/** Domain → when (UNIX seconds) its scan period was set here. */
const periodSetSchema = z.record(z.string(), z.number());

function read<T>(area: StorageArea, key: string, schema: z.ZodMiniType<T>): T | undefined {
  const raw = readStorage(area, key);
  if (raw === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What this browser kept for the account, null when nothing worth importing is left. */
export function legacyMemory(account: string): LegacyMemory | null {
  const units = read('local', `psd.units.${account}`, unitsSchema)?.map((u) => u.email) ?? [];
  const patching = Object.keys(read('local', `psd.patching.${account}`, patchingSchema) ?? {}).length;
  const scans = read('local', `psd.scans.${account}`, scansSchema) ?? {};
  const syncMissing = Object.values(scans).filter((s) => s.outcome === 'syncMissing').length;
  if (units.length === 0 && patching === 0 && syncMissing === 0) {
    // Nothing to offer: whatever is left (an empty list, done scans, a session's refusals) goes at once.
    forgetLegacyMemory(account);
    return null;
  }
  return { units, patching, syncMissing };
}

/** Removes what this browser kept for the account. */
export function forgetLegacyMemory(account: string): void {
  for (const { name, area } of LEGACY) removeStorage(area, `psd.${name}.${account}`);
}

/**
 * Imports the browser's units directory into the workspace (source
 * "import": units already there keep how they came), then removes all the
 * browser kept. Patching as last set here and the scans' outcomes are not
 * imported: they were one browser's view, with no one to name as having set
 * them; the workspace learns them again from the next writes.
 */
export function useImportLegacyMemory(account: string) {
  const workspace = useWorkspaceClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (memory: LegacyMemory) => {
      if (memory.units.length > 0) await workspace.addUnits(memory.units, 'import');
      forgetLegacyMemory(account);
    },
    onSettled: () => invalidateWorkspace(client),
  });
}

/** Sites in one import request (the workspace takes at most 20,000). */
const PERIOD_SET_PER_REQUEST = 5_000;

/**
 * Gives the workspace when this browser set sites' scan period
 * (`psd.period-set.<account>`), then removes it from the browser: the
 * dashboard's own record of its writes, which the workspace now records as
 * they pass, so nothing to ask the user. The workspace keeps the times still
 * of use and never replaces a newer one. Left for the next page when the
 * workspace could not be reached; removed when it refused it (it never will
 * take it).
 */
async function importPeriodSet(workspace: WorkspaceClient, account: string): Promise<void> {
  const key = `psd.period-set.${account}`;
  const kept = read('local', key, periodSetSchema) ?? {};
  const sites = Object.entries(kept).map(([domain, seconds]) => ({ domain, setAt: seconds * 1000 }));
  try {
    for (let i = 0; i < sites.length; i += PERIOD_SET_PER_REQUEST) {
      await workspace.importPeriodSet(sites.slice(i, i + PERIOD_SET_PER_REQUEST));
    }
  } catch (error) {
    if (!(error instanceof WorkspaceError && error.status === 400)) throw error;
  }
  removeStorage('local', key);
}

/** Accounts whose import is under way in this tab (a page that mounts twice imports once). */
const importing = new Set<string>();

/** Imports what this browser kept of when sites' scan period was set, once, when there is any. */
export function useImportPeriodSet(account: string): void {
  const workspace = useWorkspaceClient();
  const client = useQueryClient();
  useEffect(() => {
    if (importing.has(account) || readStorage('local', `psd.period-set.${account}`) === null) return;
    importing.add(account);
    importPeriodSet(workspace, account)
      .then(
        () => invalidateWorkspace(client),
        () => undefined,
      )
      .finally(() => importing.delete(account));
  }, [workspace, client, account]);
}
