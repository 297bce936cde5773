import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { TransportError } from '../api/errors';
import { sendTabToDashboard } from './open-dashboard';

/** The real client over a fetch that answers `dashboard` with the given URL and counts the calls. */
function clientAnswering(url: string) {
  const calls: string[] = [];
  const fetchStub: typeof fetch = async (input) => {
    calls.push(String(input));
    const envelope = {
      version: '1',
      keyid: 'k',
      method: 'dashboard',
      timewait: 0,
      error: 0,
      message: '',
      errorinfo: '',
      result: url,
    };
    return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
  };
  const api = createApiClient({
    baseUrl: 'http://app.test',
    fetch: fetchStub,
    getCredentials: () => ({ apiKey: 'key' }),
  });
  return { api, calls };
}

/** What the code uses of a browser tab. */
function fakeTab() {
  const tab = { closed: false, location: { href: 'about:blank' }, close: () => (tab.closed = true) };
  return tab;
}
// A stand-in for the tab window.open gives; only closed, location.href and close() are touched.
const asWindow = (tab: ReturnType<typeof fakeTab>): Window => tab as unknown as Window;

describe('sendTabToDashboard', () => {
  it('sends the tab to a fresh login URL', async () => {
    const { api, calls } = clientAnswering('https://dashboard.example/login?token=abc');
    const tab = fakeTab();
    await expect(sendTabToDashboard(api, asWindow(tab))).resolves.toEqual({ opened: true });
    expect(tab.location.href).toBe('https://dashboard.example/login?token=abc');
    expect(calls).toHaveLength(1);
  });

  it('asks for no URL when the browser blocked the tab, and hands none back', async () => {
    const { api, calls } = clientAnswering('https://dashboard.example/login?token=abc');
    const outcome = await sendTabToDashboard(api, null);
    expect(outcome).toEqual({ opened: false });
    expect(JSON.stringify(outcome)).not.toContain('token');
    expect(calls).toHaveLength(0);
  });

  it('refuses an address that is not a web address and closes the empty tab', async () => {
    const { api } = clientAnswering('javascript:alert(1)');
    const tab = fakeTab();
    await expect(sendTabToDashboard(api, asWindow(tab))).rejects.toBeInstanceOf(TransportError);
    expect(tab.closed).toBe(true);
    expect(tab.location.href).toBe('about:blank');
  });
});
