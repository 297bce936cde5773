/** A page's Refresh of the fleet (docs/workspace.md#the-read-model). */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useWorkspaceClient } from './workspace-client';

/** Asks the server to read the fleet again now, then the page's queries under `queryKey` (which follow the read until it is in). */
export function useRefreshFleet(queryKey: QueryKey): () => Promise<void> {
  const workspace = useWorkspaceClient();
  const client = useQueryClient();
  return async () => {
    await workspace.fleet.refresh();
    await client.invalidateQueries({ queryKey });
  };
}
