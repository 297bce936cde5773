/** The workspace's records, shared with the browser's client (src/api/workspace.ts). */
export * from '../../src/api/workspace-types.ts';
