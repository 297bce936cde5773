/**
 * What the sites and units tests share: an account of the test's own with the
 * sites it needs (made through the API, signed as the dashboard signs).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import { createWorkspaceClient, type WorkspaceClient } from '../../src/api/workspace.ts';
import { signInViaApi, uniqueEmail, type E2eSession } from './session.ts';

/** The server Playwright started (playwright.config.ts sets E2E_PORT before the workers start). */
const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? ''}`;

/** The signing client of a session, as the dashboard's own (src/api). */
export function apiOf(session: E2eSession): ApiClient {
  return createApiClient({
    baseUrl: ORIGIN,
    getCredentials: () => ({ apiKey: session.apiKey, macKey: session.macKey }),
  });
}

/** The team's workspace on the server, as the session's dashboard reaches it (docs/workspace.md). */
export function workspaceOfSession(session: E2eSession): WorkspaceClient {
  return createWorkspaceClient({
    baseUrl: ORIGIN,
    getCredentials: () => ({ apiKey: session.apiKey, macKey: session.macKey }),
  });
}

export interface Account {
  session: E2eSession;
  api: ApiClient;
}

/** A new account of this test's own, with these sites (and an agency record when asked: sharing needs one). */
export async function accountWith(
  request: APIRequestContext,
  tag: string,
  sites: readonly (string | { name: string; share: string })[],
  { agency = false }: { agency?: boolean } = {},
): Promise<Account> {
  const session = await signInViaApi(request, uniqueEmail(tag));
  const api = apiOf(session);
  if (agency) await api.agency_update({ title: 'E2E Agency', email: session.email });
  if (sites.length > 0) {
    const refused = await api.sites_add([...sites]);
    expect(refused).toEqual({});
  }
  return { session, api };
}

/** `count` names `prefix-000.example`, … in order. */
export function siteNames(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}.example`);
}

/** The sites table has rendered its rows. */
export async function tableReady(page: Page): Promise<void> {
  await expect(page.getByRole('table', { name: /Sites/ })).toBeVisible();
}
