/**
 * The workspace client (src/api/workspace.ts) that goes with an API client:
 * both read the same session's keys, so whoever made the API client pairs
 * the workspace's with it (main.tsx; a test's stack), and the hooks find it
 * from useApi() without a provider of their own.
 */
import type { ApiClient } from '../api/client';
import type { WorkspaceClient } from '../api/workspace';
import { useApi } from '../lib/api-context';

const paired = new WeakMap<ApiClient, WorkspaceClient>();

/** Makes `workspace` the workspace client of `api`; returns `api`. */
export function pairWorkspace(api: ApiClient, workspace: WorkspaceClient): ApiClient {
  paired.set(api, workspace);
  return api;
}

export function workspaceOf(api: ApiClient): WorkspaceClient {
  const workspace = paired.get(api);
  if (!workspace) throw new Error('No workspace client is paired with this API client (pairWorkspace)');
  return workspace;
}

export function useWorkspaceClient(): WorkspaceClient {
  return workspaceOf(useApi());
}
