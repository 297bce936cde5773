import { describe, expect, it } from 'vitest';
import { embedConfigResponse, embedExample, exampleCsp, exampleDashboardOrigin } from './embedding.ts';

describe('the embedding example and config (server/proxy/embedding.ts)', () => {
  it('embeds the dashboard from the other loopback name, same port', () => {
    expect(exampleDashboardOrigin('127.0.0.1:8080')).toBe('http://localhost:8080');
    expect(exampleDashboardOrigin('localhost:8080')).toBe('http://127.0.0.1:8080');
    expect(exampleDashboardOrigin('LOCALHOST:9000')).toBe('http://127.0.0.1:9000');
    expect(exampleDashboardOrigin('[::1]:8080')).toBe('http://localhost:8080');
    expect(exampleDashboardOrigin('127.0.0.1')).toBe('http://localhost');
    // PUBLIC_URL's host or anything else: no loopback pair to show.
    expect(exampleDashboardOrigin('dashboard.example.com')).toBeNull();
    expect(exampleDashboardOrigin('localhost.evil.example:8080')).toBeNull();
    expect(exampleDashboardOrigin('a b')).toBeNull();
  });

  it('gives the example page a CSP of its own: no inline script, scripts and frame from the dashboard only', () => {
    const csp = exampleCsp('http://localhost:8080');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('script-src http://localhost:8080;');
    expect(csp).toContain('frame-src http://localhost:8080;');
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(exampleCsp(null)).toContain("frame-src 'none'");
  });

  it('writes a page without inline script, escaping what the Host header brings', () => {
    const { html } = embedExample('127.0.0.1:8080');
    expect(html).toContain('<script type="module" src="http://localhost:8080/embed/example.js"></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/style=/i);
    const elsewhere = embedExample('dashboard.example.com"><b>');
    expect(elsewhere.html).not.toContain('<b>');
    expect(elsewhere.html).not.toContain('<script');
  });

  it('answers the config as JSON, GET and HEAD only', async () => {
    const res = embedConfigResponse(['https://panel.example.com'], 'GET');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ version: 1, origins: ['https://panel.example.com'] });
    expect(embedConfigResponse([], 'POST').status).toBe(405);
    expect(await embedConfigResponse([], 'HEAD').text()).toBe('');
  });
});
