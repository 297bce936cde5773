import { describe, expect, it } from 'vitest';
import { initialTargets, isAllowedOrigin, originsFromConfig } from './origins';

const PANEL = 'https://panel.example.com';
const OTHER = 'https://other.example';

describe('the origins the dashboard talks to', () => {
  it('reads /embed-config.json, and nothing else', () => {
    expect(originsFromConfig({ version: 1, origins: [PANEL, 'http://localhost:8080'] })).toEqual([
      PANEL,
      'http://localhost:8080',
    ]);
    expect(originsFromConfig({ version: 1, origins: [] })).toEqual([]);
    expect(originsFromConfig({ version: 2, origins: [PANEL] })).toBeNull();
    expect(originsFromConfig({ version: 1, origins: ['*'] })).toBeNull();
    expect(originsFromConfig({ version: 1, origins: [`${PANEL}/path`] })).toBeNull();
    expect(originsFromConfig('<!doctype html>')).toBeNull();
  });

  it('matches origins exactly: scheme, host and port', () => {
    const allowed = [PANEL];
    expect(isAllowedOrigin(PANEL, allowed)).toBe(true);
    expect(isAllowedOrigin('HTTPS://PANEL.EXAMPLE.COM', allowed)).toBe(true);
    expect(isAllowedOrigin('http://panel.example.com', allowed)).toBe(false);
    expect(isAllowedOrigin('https://panel.example.com:8443', allowed)).toBe(false);
    expect(isAllowedOrigin('https://evil.panel.example.com', allowed)).toBe(false);
    expect(isAllowedOrigin('https://panel.example.com.evil.example', allowed)).toBe(false);
    // A sandboxed frame or a data: page has the opaque origin "null".
    expect(isAllowedOrigin('null', ['null'])).toBe(false);
  });

  it('sends to the embedding origin the browser names, when it is allowed; else to no one', () => {
    expect(initialTargets([PANEL, OTHER], [PANEL])).toEqual([PANEL]);
    expect(initialTargets([OTHER], [PANEL])).toEqual([]);
    expect(initialTargets([], [PANEL])).toEqual([]);
  });

  it('without ancestorOrigins, to each allowed origin (the browser delivers to the matching one only)', () => {
    expect(initialTargets(undefined, [PANEL, OTHER])).toEqual([PANEL, OTHER]);
    expect(initialTargets(undefined, [])).toEqual([]);
  });
});
