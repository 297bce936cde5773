import { describe, expect, it } from 'vitest';
import { parseHostMessage } from './protocol';

const KEY = 'k3y-Secret-123';
const MAC = 'm4c-Secret-456';

describe('parseHostMessage: what a panel may send (docs/embedding.md)', () => {
  it.each([
    [{ type: 'auth', version: 1, apiKey: KEY, macKey: MAC }],
    [{ type: 'auth', version: 1, apiKey: KEY }],
    [{ type: 'theme', version: 1, mode: 'dark' }],
    [{ type: 'theme', version: 1, accent: '#0f766e' }],
    [{ type: 'theme', version: 1, mode: 'light', accent: '#abc' }],
    [{ type: 'theme', version: 1, accent: null }],
    [{ type: 'locale', version: 1, locale: 'de' }],
    [{ type: 'locale', version: 1, locale: 'zh-Hant-TW' }],
    [{ type: 'navigate', version: 1, path: '/sites?q=bakery#top' }],
    [{ type: 'viewport', version: 1, top: 1480, height: 720 }],
    [{ type: 'viewport', version: 1, top: 0, height: 0 }],
    [{ type: 'viewport', version: 1, top: 12.5, height: 333.25 }],
    // A later minor version may add fields: they are ignored.
    [{ type: 'theme', version: 1, mode: 'dark', density: 'compact' }],
  ])('accepts %j', (data) => {
    const parsed = parseHostMessage(data);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.message.type).toBe(data.type);
  });

  it.each([
    ['not an object', 'theme', 'bad-message'],
    ['null', null, 'bad-message'],
    ['an array', [{ type: 'theme' }], 'bad-message'],
    ['no version', { type: 'theme', mode: 'dark' }, 'bad-message'],
    ['a future version', { type: 'theme', version: 2, mode: 'dark' }, 'unsupported-version'],
    ['a version as text', { type: 'theme', version: '1', mode: 'dark' }, 'unsupported-version'],
    ['an unknown type', { type: 'logout', version: 1 }, 'unknown-type'],
    ['one of ours, going the other way', { type: 'resize', version: 1, height: 10 }, 'unknown-type'],
    ['a colour name', { type: 'theme', version: 1, accent: 'red' }, 'bad-message'],
    ['CSS in the colour', { type: 'theme', version: 1, accent: '#fff;background:url(x)' }, 'bad-message'],
    ['a five-digit colour', { type: 'theme', version: 1, accent: '#12345' }, 'bad-message'],
    ['an unknown mode', { type: 'theme', version: 1, mode: 'sepia' }, 'bad-message'],
    ['a locale with markup', { type: 'locale', version: 1, locale: 'de<script>' }, 'bad-message'],
    ['an absolute URL', { type: 'navigate', version: 1, path: 'https://evil.example/' }, 'bad-message'],
    ['javascript:', { type: 'navigate', version: 1, path: 'javascript:alert(1)' }, 'bad-message'],
    ['a protocol-relative URL', { type: 'navigate', version: 1, path: '//evil.example/x' }, 'bad-message'],
    ['a backslash', { type: 'navigate', version: 1, path: '/\\evil.example' }, 'bad-message'],
    ['a control character', { type: 'navigate', version: 1, path: '/sites\n' }, 'bad-message'],
    ['no key', { type: 'auth', version: 1 }, 'bad-message'],
    ['a viewport without its height', { type: 'viewport', version: 1, top: 0 }, 'bad-message'],
    ['a viewport above the frame', { type: 'viewport', version: 1, top: -1, height: 500 }, 'bad-message'],
    ['a viewport as text', { type: 'viewport', version: 1, top: '0', height: '500' }, 'bad-message'],
    ['an endless viewport', { type: 'viewport', version: 1, top: 0, height: Infinity }, 'bad-message'],
    ['a viewport of NaN', { type: 'viewport', version: 1, top: Number.NaN, height: 500 }, 'bad-message'],
    ['a viewport taller than any frame', { type: 'viewport', version: 1, top: 0, height: 100_001 }, 'bad-message'],
    ['a viewport of a future version', { type: 'viewport', version: 2, top: 0, height: 500 }, 'unsupported-version'],
    ['a key with a semicolon', { type: 'auth', version: 1, apiKey: 'a;b' }, 'bad-message'],
  ])('refuses %s', (_what, data, code) => {
    const parsed = parseHostMessage(data);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.code).toBe(code);
  });

  it('names the wrong fields, never what they held', () => {
    const parsed = parseHostMessage({ type: 'auth', version: 1, apiKey: KEY, macKey: `${MAC};` });
    expect(parsed).toMatchObject({ ok: false, code: 'bad-message', message: 'Invalid macKey', about: 'auth' });
    expect(JSON.stringify(parsed)).not.toContain(MAC);
    expect(JSON.stringify(parsed)).not.toContain(KEY);
  });
});
