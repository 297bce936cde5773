/**
 * The person's name for the signed-in key (docs/workspace.md, "Who calls"):
 * colleagues often share the partner account's e-mail, each signed in with a
 * key of their own, and the activity log tells them apart by the name each
 * gives. It is kept in the workspace per key (PUT /workspace/me), set from
 * the account menu, and asked for before the first write when not given: a
 * small dialog that may be skipped, which this tab then remembers (in
 * memory too, for a panel's frame whose storage is blocked).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { atom } from 'nanostores';
import type { WorkspaceClient, WorkspaceMe } from '../api/workspace';
import { readStorage, writeStorage } from '../platform/safe-storage';
import { NAME_SKIPPED_KEY, nameSkipMarker } from './write-gate';
import { useWorkspaceClient as useWorkspace } from './workspace-client';

/** A write waits for the question at most this long; then it goes ahead unnamed. */
const ASK_WORKSPACE_MS = 5000;

function meQueryOptions(workspace: WorkspaceClient) {
  return queryOptions({ queryKey: ['workspace', 'me'], queryFn: () => workspace.me(), staleTime: Infinity });
}

export function useWorkspaceMe(enabled = true) {
  return useQuery({ ...meQueryOptions(useWorkspace()), enabled });
}

export function useSetPersonName() {
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string | null) => workspace.setName(name),
    onSuccess: (me: WorkspaceMe) => {
      queryClient.setQueryData(meQueryOptions(workspace).queryKey, me);
      void queryClient.invalidateQueries({ queryKey: ['workspace', 'keys'] });
    },
  });
}

/** The question before the first write, open while a write waits for the answer. */
export const namePromptOpen = atom(false);
let answered: (() => void) | null = null;

/** The person answered (saved a name) or skipped: the writes waiting go on. */
export function finishNamePrompt(skipped: boolean, apiKey: string | null): void {
  if (skipped && apiKey !== null) {
    skippedHere.add(nameSkipMarker(apiKey));
    writeStorage('session', NAME_SKIPPED_KEY, nameSkipMarker(apiKey));
  }
  namePromptOpen.set(false);
  answered?.();
  answered = null;
}

const skippedHere = new Set<string>();

function skipped(apiKey: string): boolean {
  const marker = nameSkipMarker(apiKey);
  return skippedHere.has(marker) || readStorage('session', NAME_SKIPPED_KEY) === marker;
}

/**
 * Before a write: the workspace has proved the key (so the write is logged
 * as this key's), and the person has been asked for a name once.
 */
export function createNameGate(options: {
  workspace: WorkspaceClient;
  queryClient: QueryClient;
  apiKey: () => string | null;
}): () => Promise<void> {
  let asking: Promise<void> | null = null;
  return async () => {
    const apiKey = options.apiKey();
    if (apiKey === null) return;
    const me = await Promise.race([
      options.queryClient.fetchQuery(meQueryOptions(options.workspace)).catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), ASK_WORKSPACE_MS)),
    ]);
    if (me === null || me.key.name !== null || skipped(apiKey)) return;
    asking ??= new Promise<void>((resolve) => {
      answered = () => {
        asking = null;
        resolve();
      };
      namePromptOpen.set(true);
    });
    return asking;
  };
}
