/**
 * Failures around a call: a body that cannot be read and a
 * scheduler that fails still give the docs/partner-api.md#envelope, never a bare HTTP 500,
 * and the reason goes to the log.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ERRORS } from '../../src/api/system-errors.ts';
import { freshHttpSandbox, freshSandbox } from './testing.ts';
import { envelopeSchema, scanReportSchema } from './testing-schemas.ts';

/** A request body that sends a few bytes, then fails as a dropped connection does. */
function brokenBody(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) {
        controller.error(new Error('the client went away'));
        return;
      }
      sent = true;
      controller.enqueue(new TextEncoder().encode('{"partial":'));
    },
  });
}

describe('a body that cannot be read', () => {
  it('answers 501 in the envelope, naming the method, and logs why (in-process)', async () => {
    const lines: string[] = [];
    const bed = freshSandbox({}, (line) => lines.push(line));
    // Node needs duplex for a streamed body; the DOM typings do not know it yet.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { cookie: `apikey=${bed.appKey.key}`, 'content-type': 'application/json' },
      body: brokenBody(),
      duplex: 'half',
    };
    const res = await bed.sandbox.app.request(new Request('http://localhost/api/api_test/x/1/y/?str=s&int=1', init));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const envelope = envelopeSchema.parse(await res.json());
    expect(envelope).toMatchObject({ error: 501, message: SYSTEM_ERRORS[501], method: 'api_test', result: null });
    expect(lines).toEqual([expect.stringMatching(/^sandbox: POST \/api\/api_test: the client went away$/)]);
    // The sandbox goes on answering.
    expect((await bed.call('/api/api_keyinfo/', { key: bed.appKey })).envelope.error).toBe(0);
  });

  it('logs a client that hangs up mid-body over HTTP, and keeps serving', async () => {
    const lines: string[] = [];
    const bed = await freshHttpSandbox({}, (line) => lines.push(line));
    const { port } = new URL(bed.base);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /api/api_test/x/1/y/?str=s&int=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
            `Cookie: apikey=${bed.appKey.key}\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n0123456789`,
          () => setTimeout(() => socket.destroy(), 50),
        );
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    for (let waited = 0; lines.length === 0 && waited < 2000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(lines).toEqual([expect.stringMatching(/^sandbox: POST \/api\/api_test: /)]);
    expect((await bed.call('/api/api_keyinfo/', { key: bed.appKey })).envelope.error).toBe(0);
  });
});

describe('a scheduler that fails', () => {
  it('is logged, and the call goes on; the scans finish once it works again', async () => {
    const lines: string[] = [];
    const bed = freshSandbox({ scanSeconds: 1 }, (line) => lines.push(line));
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    await bed.ok('/api/site_scan/a.example/', { key: account });
    // A real SQLite failure inside processDue: writing the report is refused.
    const { db } = bed.sandbox.state;
    db.exec("CREATE TRIGGER no_reports BEFORE INSERT ON scan_reports BEGIN SELECT RAISE(ABORT, 'disk is full'); END");
    await bed.advance(5);
    const site = await bed.site(account, 'a.example', '?withscanreport');
    expect(site.scanreport).toBeNull();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line === 'sandbox: scheduler: disk is full')).toBe(true);
    expect((await bed.call('/api/api_keyinfo/', { key: account })).envelope.error).toBe(0);

    db.exec('DROP TRIGGER no_reports');
    const after = await bed.site(account, 'a.example', '?withscanreport');
    expect(scanReportSchema.parse(after.scanreport).date).toBeGreaterThan(0);
  });
});
