/**
 * Header names on the wire as the real partner API writes them: clients such as
 * the MainWP extension read `X-Filename` with a case-sensitive parser
 * (docs/partner-api.md#syncfile_get). The raw answer bytes, from the standalone
 * sandbox (`npm run sandbox`) and through the proxy (`npm start`); and the
 * standalone sandbox's headers on Node's own 431.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfigFromEnv } from '../config.ts';
import { sendRaw } from '../proxy/test-support.ts';
import { spawnSandbox, type ChildSandbox } from '../sandbox/testing-child.ts';
import { rawHttp } from '../sandbox/testing-http.ts';
import { sign, TestBed, type Account } from '../sandbox/testing.ts';
import { createServerApp, type ServerApp } from '../server-app.ts';

const SYNCFILE = '/api/syncfile_get/';

function expectCanonical(answer: string, filename: string): void {
  const head = answer.slice(0, answer.indexOf('\r\n\r\n') + 2);
  expect(head).toMatch(/^HTTP\/1\.1 200 /);
  expect(head).toContain(`\r\nX-Filename: ${filename}\r\n`);
  expect(head).toContain(`\r\nContent-Disposition: attachment; filename="${filename}"\r\n`);
  expect(head).toMatch(/\r\nContent-Type: [^\r]+\r\n/);
  expect(head).not.toMatch(/\r\n(x-filename|content-disposition|content-type):/);
}

describe('header names in canonical case', () => {
  let child: ChildSandbox;
  beforeAll(async () => {
    child = await spawnSandbox({});
  });
  afterAll(async () => {
    child.child.kill('SIGKILL');
    await child.exited;
  });

  it('from the standalone sandbox', async () => {
    const account = await child.bed.signUpAndIn();
    const port = Number(new URL(child.base).port);
    const cookie = `apikey=${account.key}; apimac=${sign(SYNCFILE, account.hmac)}`;
    const answer = await sendRaw(
      port,
      `GET ${SYNCFILE} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
    expectCanonical(answer, account.signin.syncfile.filename);
  });

  it("gives Node's own 431 the sandbox's security headers", async () => {
    const port = Number(new URL(child.base).port);
    const answer = await sendRaw(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain("\r\nContent-Security-Policy: default-src 'none';");
    expect(answer).toContain('\r\nX-Content-Type-Options: nosniff\r\n');
  });
});

describe('header names in canonical case through the proxy', () => {
  let dir: string;
  let server: ServerApp;
  let http: ReturnType<ServerApp['listen']>;
  let port: number;
  let account: Account;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'header-case-'));
    const config = serverConfigFromEnv({
      SANDBOX_DB: path.join(dir, 'sandbox.sqlite'),
      SANDBOX_SEED: 'empty',
      SANDBOX_QUIET: '1',
    });
    server = await createServerApp(config, { log: () => {} });
    http = server.listen(0, '127.0.0.1');
    await once(http, 'listening');
    port = (http.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    // The sandbox's {base_url} under npm start takes the keys as cookies, as the sandbox does.
    const bed = new TestBed(
      { request: (target, init) => rawHttp(base, target.replace(/^\/api\//, '/sandbox/api/'), init) },
      config.upstream.kind === 'sandbox' ? config.upstream.appKey : '',
    );
    account = await bed.signUpAndIn();
  });

  afterAll(async () => {
    if ('closeAllConnections' in http) http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('as the dashboard asks (X-Apikey, X-Apimac)', async () => {
    const answer = await sendRaw(
      port,
      `GET ${SYNCFILE} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Apikey: ${account.key}\r\nX-Apimac: ${sign(SYNCFILE, account.hmac)}\r\nConnection: close\r\n\r\n`,
    );
    expectCanonical(answer, account.signin.syncfile.filename);
  });

  it('a JSON method too', async () => {
    const target = '/api/api_keyinfo/';
    const answer = await sendRaw(
      port,
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Apikey: ${account.key}\r\nX-Apimac: ${sign(target, account.hmac)}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('\r\nContent-Type: application/json');
  });
});
