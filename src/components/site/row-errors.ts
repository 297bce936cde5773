/**
 * The last failed change of each site, shown in its row (the row
 * shows the catalogue's message for the code) until the next change of that
 * site or until dismissed. Kept outside the rows: a virtualised row scrolled
 * away and back still shows it.
 */
import { useStore } from '@nanostores/react';
import { map } from 'nanostores';
import type { SiteOption } from '../../api/registry/sites';

/** What failed: an option of site_setoption, or an action of the row. */
export type RowErrorAction = SiteOption | 'scan' | 'delete' | 'unshare';

export interface RowError {
  action: RowErrorAction;
  error: unknown;
}

const rowErrors = map<Record<string, RowError | undefined>>({});

export function setRowError(domain: string, error: RowError): void {
  rowErrors.setKey(domain, error);
}

export function clearRowError(domain: string): void {
  if (rowErrors.get()[domain]) rowErrors.setKey(domain, undefined);
}

/** The error of one site; re-renders only that site's row. */
export function useRowError(domain: string): RowError | undefined {
  return useStore(rowErrors, { keys: [domain] })[domain];
}
