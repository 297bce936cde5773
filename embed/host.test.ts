// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION as DASHBOARD_VERSION } from '../src/features/embed/protocol.ts';
import { embedDashboard, PROTOCOL_VERSION, readDashboardMessage, visibleBand, type DashboardMessage } from './host.ts';

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
      [{ type: 'viewport', top: 0, height: 0, version: 1 }, DASHBOARD],
    ]);

    posted.mockClear();
    fromFrame(dashboard.iframe, { type: 'ready', version: 1, signedIn: true });
    expect(posted.mock.calls.map(([message]) => message)).toEqual([
      expect.objectContaining({ type: 'auth' }),
      expect.objectContaining({ type: 'theme' }),
      expect.objectContaining({ type: 'locale' }),
      // The same band as before: a reloaded frame needs it all the same.
      expect.objectContaining({ type: 'viewport' }),
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

/** Lays `element` out as jsdom cannot: its box on screen (top, height) and its own height. */
function layOut(element: HTMLElement, top: number, height: number): void {
  vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => new DOMRect(0, top, 800, height));
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: height });
  Object.defineProperty(element, 'offsetHeight', { configurable: true, value: height });
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

describe('the part of the frame the window shows (viewport)', () => {
  // jsdom's window is 768 px tall.
  const WINDOW = window.innerHeight;

  it('is the band of the frame inside the window, in the frame’s pixels, clamped to the frame', () => {
    const iframe = document.createElement('iframe');
    container().append(iframe);
    layOut(iframe, -1500, 4000);
    expect(visibleBand(iframe)).toEqual({ top: 1500, height: WINDOW });
    layOut(iframe, 300, 4000);
    expect(visibleBand(iframe)).toEqual({ top: 0, height: WINDOW - 300 });
    layOut(iframe, -3800, 4000);
    expect(visibleBand(iframe)).toEqual({ top: 3800, height: 200 });
    // Below the window, or above it: none of it shows.
    layOut(iframe, 900, 4000);
    expect(visibleBand(iframe)).toEqual({ top: 0, height: 0 });
    layOut(iframe, -5000, 4000);
    expect(visibleBand(iframe)).toEqual({ top: 4000, height: 0 });
  });

  it('leaves out what a scrolling box around the frame hides', () => {
    const box = container();
    box.style.overflowY = 'auto';
    const iframe = document.createElement('iframe');
    box.append(iframe);
    layOut(box, 100, 400);
    layOut(iframe, -900, 4000);
    expect(visibleBand(iframe)).toEqual({ top: 1000, height: 400 });
  });

  it('is sent after ready, then once a frame when the page scrolls, and only when it changed', async () => {
    const dashboard = embedDashboard({ container: container(), origin: DASHBOARD });
    layOut(dashboard.iframe, 200, 3000);
    const posted = spyOnFrame(dashboard.iframe);
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    // Not before the dashboard listens.
    expect(posted).not.toHaveBeenCalled();

    fromFrame(dashboard.iframe, { type: 'ready', version: 1, signedIn: true });
    expect(posted.mock.calls).toEqual([[{ type: 'viewport', top: 0, height: WINDOW - 200, version: 1 }, DASHBOARD]]);

    posted.mockClear();
    layOut(dashboard.iframe, -1000, 3000);
    for (let i = 0; i < 5; i++) document.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(posted.mock.calls).toEqual([[{ type: 'viewport', top: 1000, height: WINDOW, version: 1 }, DASHBOARD]]);

    posted.mockClear();
    window.dispatchEvent(new Event('resize'));
    await nextFrame();
    expect(posted).not.toHaveBeenCalled();
  });

  it('stops following the page on destroy()', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const dashboard = embedDashboard({ container: container(), origin: DASHBOARD });
    const following = added.mock.calls.filter(([type]) => type === 'scroll' || type === 'resize');
    expect(following.map(([type]) => type)).toEqual(['scroll', 'resize']);
    dashboard.destroy();
    for (const [type, listener] of following) {
      expect(removed).toHaveBeenCalledWith(type, listener, expect.objectContaining({ capture: true }));
    }
  });
});
