import { describe, expect, it, vi } from 'vitest';
import { createBridge, type BridgeDeps, type MessageTarget } from './bridge';

const PANEL = 'https://panel.example.com';
const KEY = 'k3y-Secret-123';
const MAC = 'm4c-Secret-456';

interface Rig {
  deps: BridgeDeps;
  parent: MessageTarget & { sent: Array<{ message: unknown; origin: string }> };
  self: object;
  warnings: string[];
}

function rig(overrides: Partial<BridgeDeps> = {}): Rig {
  const sent: Array<{ message: unknown; origin: string }> = [];
  const parent = { sent, postMessage: (message: unknown, origin: string) => void sent.push({ message, origin }) };
  const self = {};
  const warnings: string[] = [];
  const deps: BridgeDeps = {
    allowed: [PANEL, 'https://other-panel.example'],
    parent,
    self,
    ancestorOrigins: [PANEL],
    signIn: vi.fn(async () => undefined),
    describeAuthFailure: () => 'The service did not accept the key',
    isSignedIn: () => false,
    setTheme: vi.fn(),
    setAccent: vi.fn(),
    setLocale: vi.fn(() => true),
    navigate: vi.fn(),
    setViewport: vi.fn(),
    warn: (line) => void warnings.push(line),
    ...overrides,
  };
  return { deps, parent, self, warnings };
}

const fromPanel = (r: Rig, data: unknown, origin = PANEL) => ({ data, origin, source: r.parent });

describe('the embedding bridge', () => {
  it('says ready to the embedding origin only, never to "*"', () => {
    const r = rig();
    createBridge(r.deps).ready();
    expect(r.parent.sent).toEqual([{ message: { type: 'ready', version: 1, signedIn: false }, origin: PANEL }]);
  });

  it('says nothing to a page that is not in EMBED_ORIGINS', () => {
    const r = rig({ ancestorOrigins: ['https://evil.example'] });
    const bridge = createBridge(r.deps);
    bridge.ready();
    bridge.resized(300);
    expect(r.parent.sent).toEqual([]);
  });

  it('without ancestorOrigins, addresses each allowed origin, then only the one that spoke', async () => {
    const r = rig({ ancestorOrigins: undefined });
    const bridge = createBridge(r.deps);
    bridge.ready();
    expect(r.parent.sent.map((s) => s.origin)).toEqual([PANEL, 'https://other-panel.example']);
    await bridge.receive(fromPanel(r, { type: 'theme', version: 1, mode: 'dark' }));
    bridge.navigated('/sites');
    expect(r.parent.sent.at(-1)).toEqual({ message: { type: 'navigated', version: 1, path: '/sites' }, origin: PANEL });
    expect(r.parent.sent.some((s) => s.origin === '*')).toBe(false);
  });

  it('applies theme, accent, locale and navigation from the panel', async () => {
    const r = rig();
    const bridge = createBridge(r.deps);
    await bridge.receive(fromPanel(r, { type: 'theme', version: 1, mode: 'dark', accent: '#0f766e' }));
    await bridge.receive(fromPanel(r, { type: 'theme', version: 1, accent: null }));
    await bridge.receive(fromPanel(r, { type: 'locale', version: 1, locale: 'de-AT' }));
    await bridge.receive(fromPanel(r, { type: 'navigate', version: 1, path: '/units' }));
    expect(r.deps.setTheme).toHaveBeenCalledWith('dark');
    expect(r.deps.setAccent).toHaveBeenNthCalledWith(1, '#0f766e');
    expect(r.deps.setAccent).toHaveBeenNthCalledWith(2, null);
    expect(r.deps.setLocale).toHaveBeenCalledWith('de-AT');
    expect(r.deps.navigate).toHaveBeenCalledWith('/units');
    expect(r.parent.sent).toEqual([]);
  });

  it('takes the part of the frame the panel shows from the panel only', async () => {
    const r = rig();
    const bridge = createBridge(r.deps);
    await bridge.receive(fromPanel(r, { type: 'viewport', version: 1, top: 1200, height: 640 }));
    await bridge.receive(fromPanel(r, { type: 'viewport', version: 1, top: 0, height: 10 }, 'https://evil.example'));
    await bridge.receive({ data: { type: 'viewport', version: 1, top: 0, height: 10 }, origin: PANEL, source: {} });
    await bridge.receive(fromPanel(r, { type: 'viewport', version: 1, top: -5, height: 640 }));
    expect(r.deps.setViewport).toHaveBeenCalledTimes(1);
    expect(r.deps.setViewport).toHaveBeenCalledWith({ top: 1200, height: 640 });
    expect(r.parent.sent.map((s) => s.message)).toEqual([
      { type: 'error', version: 1, code: 'bad-message', message: 'Invalid top', about: 'viewport' },
    ]);
  });

  it('ignores and logs a message from an origin outside EMBED_ORIGINS, without its data', async () => {
    const r = rig();
    const bridge = createBridge(r.deps);
    await bridge.receive(fromPanel(r, { type: 'auth', version: 1, apiKey: KEY, macKey: MAC }, 'https://evil.example'));
    await bridge.receive(fromPanel(r, { type: 'theme', version: 1, mode: 'dark' }, 'null'));
    expect(r.deps.signIn).not.toHaveBeenCalled();
    expect(r.deps.setTheme).not.toHaveBeenCalled();
    expect(r.parent.sent).toEqual([]);
    expect(r.warnings).toEqual([
      'ignored a message from https://evil.example: the origin is not in EMBED_ORIGINS',
      'ignored a message from null: the origin is not in EMBED_ORIGINS',
    ]);
    expect(r.warnings.join()).not.toContain(KEY);
  });

  it('ignores a message from another window than the embedding page, even from an allowed origin', async () => {
    const r = rig();
    const bridge = createBridge(r.deps);
    await bridge.receive({ data: { type: 'theme', version: 1, mode: 'dark' }, origin: PANEL, source: {} });
    expect(r.deps.setTheme).not.toHaveBeenCalled();
    expect(r.warnings).toEqual([
      `ignored a message from ${PANEL}: it does not come from the page that embeds the dashboard`,
    ]);
    // Its own messages (the page posting to itself) are none of its business, and not worth a line.
    await bridge.receive({ data: { type: 'theme', version: 1 }, origin: PANEL, source: r.self });
    expect(r.warnings).toHaveLength(1);
  });

  it('is deaf outside a frame', async () => {
    const r = rig({ parent: null });
    const bridge = createBridge(r.deps);
    await bridge.receive({ data: { type: 'theme', version: 1, mode: 'dark' }, origin: PANEL, source: {} });
    expect(r.deps.setTheme).not.toHaveBeenCalled();
  });

  it('answers a malformed message with an error that names the fields, never the values', async () => {
    const r = rig();
    const bridge = createBridge(r.deps);
    await bridge.receive(fromPanel(r, { type: 'auth', version: 1, apiKey: `${KEY};` }));
    await bridge.receive(fromPanel(r, { type: 'theme', version: 9 }));
    expect(r.deps.signIn).not.toHaveBeenCalled();
    expect(r.parent.sent).toEqual([
      {
        message: { type: 'error', version: 1, code: 'bad-message', message: 'Invalid apiKey', about: 'auth' },
        origin: PANEL,
      },
      {
        message: expect.objectContaining({ type: 'error', code: 'unsupported-version', about: 'theme' }),
        origin: PANEL,
      },
    ]);
    expect(JSON.stringify(r.parent.sent)).not.toContain(KEY);
  });

  it('signs in with the keys of an auth message and says so', async () => {
    const r = rig();
    const bridge = createBridge(r.deps);
    await bridge.receive(fromPanel(r, { type: 'auth', version: 1, apiKey: KEY, macKey: MAC }));
    expect(r.deps.signIn).toHaveBeenCalledWith({ apiKey: KEY, macKey: MAC });
    expect(r.parent.sent).toEqual([{ message: { type: 'signed-in', version: 1 }, origin: PANEL }]);
  });

  it('reports refused keys as auth-failed, without the keys', async () => {
    const r = rig({ signIn: vi.fn(async () => Promise.reject(new Error(`bad ${KEY}`))) });
    await createBridge(r.deps).receive(fromPanel(r, { type: 'auth', version: 1, apiKey: KEY, macKey: MAC }));
    expect(r.parent.sent).toEqual([
      {
        message: {
          type: 'error',
          version: 1,
          code: 'auth-failed',
          message: 'The service did not accept the key',
          about: 'auth',
        },
        origin: PANEL,
      },
    ]);
    expect(JSON.stringify(r.parent.sent)).not.toContain(KEY);
  });

  it('answers only the latest of two auth messages', async () => {
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (release = resolve));
    const signIn = vi.fn().mockImplementationOnce(() => first.then(() => Promise.reject(new Error('old'))));
    const r = rig({ signIn });
    const bridge = createBridge(r.deps);
    const older = bridge.receive(fromPanel(r, { type: 'auth', version: 1, apiKey: 'old-key' }));
    await bridge.receive(fromPanel(r, { type: 'auth', version: 1, apiKey: KEY }));
    release();
    await older;
    expect(r.parent.sent.map((s) => s.message)).toEqual([{ type: 'signed-in', version: 1 }]);
  });

  it('reports the session of its own (the login page in the frame), but not twice for an auth', async () => {
    const r = rig();
    const bridge = createBridge(r.deps);
    bridge.signedIn();
    bridge.signedOut();
    expect(r.parent.sent.map((s) => s.message)).toEqual([
      { type: 'signed-in', version: 1 },
      { type: 'signed-out', version: 1 },
    ]);
    r.parent.sent.length = 0;
    // The session store reports the new session while the auth is still being answered.
    const later: { bridge?: ReturnType<typeof createBridge> } = {};
    const signIn = vi.fn(async () => later.bridge?.signedIn());
    const withAuth = createBridge({ ...r.deps, signIn });
    later.bridge = withAuth;
    await withAuth.receive(fromPanel(r, { type: 'auth', version: 1, apiKey: KEY }));
    expect(r.parent.sent.map((s) => s.message)).toEqual([{ type: 'signed-in', version: 1 }]);
  });

  it('says an unavailable language, and sends a height or a path only when it changed', async () => {
    const r = rig({ setLocale: () => false });
    const bridge = createBridge(r.deps);
    await bridge.receive(fromPanel(r, { type: 'locale', version: 1, locale: 'fr' }));
    bridge.resized(300.2);
    bridge.resized(301);
    bridge.navigated('/');
    bridge.navigated('/');
    expect(r.parent.sent.map((s) => s.message)).toEqual([
      expect.objectContaining({ type: 'error', code: 'unsupported-locale', about: 'locale' }),
      { type: 'resize', version: 1, height: 301 },
      { type: 'navigated', version: 1, path: '/' },
    ]);
  });
});
