// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION as DASHBOARD_VERSION } from '../src/features/embed/protocol.ts';
import { embedDashboard, PROTOCOL_VERSION, readDashboardMessage, type DashboardMessage } from './host.ts';

const DASHBOARD = 'http://127.0.0.1:8080';

function container(): HTMLElement {
  const div = document.createElement('div');
  document.body.append(div);
  return div;
}

function fromFrame(iframe: HTMLIFrameElement, data: unknown, origin = DASHBOARD): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: iframe.contentWindow }));
}

function spyOnFrame(iframe: HTMLIFrameElement) {
  const frame = iframe.contentWindow;
  if (frame === null) throw new Error('no frame window');
  return vi.spyOn(frame, 'postMessage').mockImplementation(() => undefined);
}

afterEach(() => document.body.replaceChildren());

describe('the host helper (embed/host.ts)', () => {
  it('speaks the dashboard’s version of the protocol', () => {
    expect(PROTOCOL_VERSION).toBe(DASHBOARD_VERSION);
  });

  it('reads the dashboard’s messages, and nothing else', () => {
    expect(readDashboardMessage({ type: 'resize', version: 1, height: 420 })).toEqual({
      type: 'resize',
      version: 1,
      height: 420,
    });
    expect(readDashboardMessage({ type: 'error', version: 1, code: 'auth-failed', message: 'No' })).toMatchObject({
      code: 'auth-failed',
    });
    for (const bad of [
      null,
      'resize',
      { type: 'resize', version: 2, height: 10 },
      { type: 'resize', version: 1, height: -1 },
      { type: 'resize', version: 1, height: Infinity },
      { type: 'navigated', version: 1 },
      { type: 'error', version: 1, code: 'whatever', message: 'x' },
      { type: 'auth', version: 1, apiKey: 'k' },
    ]) {
      expect(readDashboardMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('creates the iframe in embed mode, at the page asked for', () => {
    const dashboard = embedDashboard({
      container: container(),
      origin: DASHBOARD,
      path: '/sites?q=x',
      title: 'Security',
    });
    expect(dashboard.iframe.src).toBe(`${DASHBOARD}/sites?q=x&embed=1`);
    expect(dashboard.iframe.title).toBe('Security');
    expect(dashboard.iframe.isConnected).toBe(true);
    expect(() =>
      embedDashboard({ container: container(), origin: DASHBOARD, path: 'https://evil.example/' }),
    ).toThrow();
  });

  it('sends auth, theme and locale after ready, to the dashboard’s origin only, and again after a reload', async () => {
    const dashboard = embedDashboard({
      container: container(),
      origin: DASHBOARD,
      auth: { apiKey: 'key-1', macKey: 'mac-1' },
      theme: { mode: 'dark' },
      locale: 'de',
    });
    const posted = spyOnFrame(dashboard.iframe);
    dashboard.setTheme({ accent: '#0f766e' });
    dashboard.navigate('/units');
    expect(posted).not.toHaveBeenCalled();

    fromFrame(dashboard.iframe, { type: 'ready', version: 1, signedIn: false });
    await expect(dashboard.ready).resolves.toEqual({ type: 'ready', version: 1, signedIn: false });
    expect(posted.mock.calls).toEqual([
      [{ type: 'auth', apiKey: 'key-1', macKey: 'mac-1', version: 1 }, DASHBOARD],
      [{ type: 'theme', mode: 'dark', accent: '#0f766e', version: 1 }, DASHBOARD],
      [{ type: 'locale', locale: 'de', version: 1 }, DASHBOARD],
      [{ type: 'navigate', path: '/units', version: 1 }, DASHBOARD],
    ]);

    posted.mockClear();
    fromFrame(dashboard.iframe, { type: 'ready', version: 1, signedIn: true });
    expect(posted.mock.calls.map(([message]) => message)).toEqual([
      expect.objectContaining({ type: 'auth' }),
      expect.objectContaining({ type: 'theme' }),
      expect.objectContaining({ type: 'locale' }),
    ]);
  });

  it('sizes the iframe to the dashboard’s height and passes messages on', () => {
    const dashboard = embedDashboard({ container: container(), origin: DASHBOARD, initialHeight: 300 });
    expect(dashboard.iframe.style.height).toBe('300px');
    const all: DashboardMessage[] = [];
    const paths: string[] = [];
    dashboard.on('message', (message) => all.push(message));
    const stop = dashboard.on('navigated', (message) => paths.push(message.path));
    fromFrame(dashboard.iframe, { type: 'resize', version: 1, height: 812.4 });
    fromFrame(dashboard.iframe, { type: 'navigated', version: 1, path: '/sites' });
    stop();
    fromFrame(dashboard.iframe, { type: 'navigated', version: 1, path: '/units' });
    expect(dashboard.iframe.style.height).toBe('813px');
    expect(paths).toEqual(['/sites']);
    expect(all.map((m) => m.type)).toEqual(['resize', 'navigated', 'navigated']);
  });

  it('ignores messages from another origin or another window', () => {
    const dashboard = embedDashboard({ container: container(), origin: DASHBOARD });
    const seen: DashboardMessage[] = [];
    dashboard.on('message', (message) => seen.push(message));
    fromFrame(dashboard.iframe, { type: 'resize', version: 1, height: 999 }, 'https://evil.example');
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'resize', version: 1, height: 999 }, origin: DASHBOARD }),
    );
    expect(seen).toEqual([]);
    expect(dashboard.iframe.style.height).toBe('480px');
  });

  it('goes away with destroy()', () => {
    const dashboard = embedDashboard({ container: container(), origin: DASHBOARD });
    const seen: DashboardMessage[] = [];
    dashboard.on('message', (message) => seen.push(message));
    const frame = dashboard.iframe.contentWindow;
    dashboard.destroy();
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'signed-out', version: 1 }, origin: DASHBOARD, source: frame }),
    );
    expect(dashboard.iframe.isConnected).toBe(false);
    expect(seen).toEqual([]);
  });
});
