import type { ApiClient } from '../api/client';
import { TransportError } from '../api/errors';

/** Whether the dashboard opened; never the URL itself (a 24-hour login link: nothing secret in the DOM). */
export interface DashboardOutcome {
  opened: boolean;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Opens an empty tab. Call it synchronously inside the click, so pop-up
 * blockers allow it; it is cut off from this window at once (noopener
 * semantics: `opener` is null before anything loads in it). Null when the
 * browser blocked it.
 */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/**
 * Fetches a fresh `dashboard` login URL (docs/partner-api.md#dashboard, valid 24 hours) and sends
 * the tab there. When the browser blocked the tab, no URL is asked for: the
 * caller offers a button whose click opens a tab and calls this again. On
 * failure the empty tab is closed.
 */
export async function sendTabToDashboard(api: ApiClient, tab: Window | null): Promise<DashboardOutcome> {
  if (!tab || tab.closed) return { opened: false };
  try {
    const url = await api.dashboard();
    // Only a web address is followed; anything else (javascript:, data:) is refused.
    if (!isWebUrl(url)) {
      throw new TransportError({
        method: 'dashboard',
        kind: 'bad-response',
        message: 'The dashboard address is not a web address',
      });
    }
    tab.location.href = url;
    return { opened: true };
  } catch (error) {
    tab.close();
    throw error;
  }
}
