import { createContext, use, type ReactNode } from 'react';
import type { WorkspaceClient } from '../api/workspace';

const WorkspaceContext = createContext<WorkspaceClient | null>(null);

/** The team's workspace client of the signed-in session (docs/workspace.md), beside the API's. */
export function WorkspaceProvider({ workspace, children }: { workspace: WorkspaceClient; children: ReactNode }) {
  return <WorkspaceContext value={workspace}>{children}</WorkspaceContext>;
}

/** The client given to WorkspaceProvider (main.tsx; a test's own over the real server). */
export function useWorkspace(): WorkspaceClient {
  const workspace = use(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace() needs a <WorkspaceProvider> above it');
  return workspace;
}
