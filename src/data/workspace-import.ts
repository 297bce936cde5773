/**
 * What this browser kept per account before the team's workspace did
 * (localStorage `psd.<name>.<account>`, sessionStorage for refused options):
 * offered once for import into the workspace, then removed from the browser,
 * imported or dismissed. Nothing is read from or written to the browser's
 * storage after that.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
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
