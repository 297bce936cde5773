/**
 * syncfile_get (docs/partner-api.md#syncfile_get, docs/partner-api.md#syncfile_get-errors): the raw PHP file with X-Filename and
 * Content-Disposition; errors as HTTP 4xx with a text message, never the envelope.
 */
import { describe, expect, it } from 'vitest';
import { freshHttpSandbox, freshSandbox } from './testing.ts';

describe('syncfile_get', () => {
  it('answers the raw PHP file under the name signin announced', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const res = await bed.raw('/api/syncfile_get/', { key: account });
    expect(res.status).toBe(200);
    const filename = account.signin.syncfile.filename;
    expect(res.headers.get('x-filename')).toBe(filename);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
    expect(res.headers.get('content-type')).not.toMatch(/json/);
    const body = await res.text();
    expect(body.startsWith('<?php')).toBe(true);
    expect(body).toContain(filename);
    expect(body).not.toContain('"version"');
    // POST works as well (no httpMethods restriction), and the file is stable per user.
    const again = await bed.raw('/api/syncfile_get', { key: account, method: 'POST' });
    expect(await again.text()).toBe(body);
    // Another user has another file.
    const other = await bed.signUpAndIn();
    const theirs = await bed.raw('/api/syncfile_get/', { key: other });
    expect(theirs.headers.get('x-filename')).not.toBe(filename);
    expect(await theirs.text()).not.toBe(body);
  });

  it('serves the same file at the download URL of signin', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const download = new URL(account.signin.syncfile.download);
    expect(download.origin).toBe(bed.base);
    const res = await fetch(download);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-filename')).toBe(account.signin.syncfile.filename);
    const viaApi = await bed.raw('/api/syncfile_get/', { key: account });
    expect(await res.text()).toBe(await viaApi.text());
    expect((await fetch(`${bed.base}/sandbox/syncfile/0123456789abcdef`)).status).toBe(404);
  });

  it.each([
    ['no key', 401],
    ['an unknown key', 401],
    ['a wrong signature', 401],
    ['an expired key', 401],
    ['the application key', 403],
  ])('answers %s with HTTP %i and a text message', async (what, status) => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    if (what === 'an expired key') await bed.control('expire-key', { email: account.email });
    const opts =
      what === 'no key'
        ? {}
        : what === 'an unknown key'
          ? { key: { key: 'unknown-key-123456' } }
          : what === 'a wrong signature'
            ? { key: account, mac: 'f'.repeat(32) }
            : what === 'the application key'
              ? { key: bed.appKey }
              : { key: account };
    const res = await bed.raw('/api/syncfile_get/', opts);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('x-filename')).toBeNull();
    const text = await res.text();
    expect(text).toMatch(status === 401 ? /Authorization error \(502\)/ : /higher level of access is required \(505\)/);
    expect(text).not.toContain('<?php');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('answers bad requests with HTTP 400', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const res = await bed.raw('/api/syncfile_get/extra/', { key: account });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/Invalid request format \(503\)/);
  });
});
