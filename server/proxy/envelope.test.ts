import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { proxyBadRequestAnswer } from './envelope.ts';

describe('proxyBadRequestAnswer (a backslash in an API path, answered by `npm start`)', () => {
  it('answers a JSON method with the proxy envelope 503, HTTP 200 (docs/partner-api.md#error-rules)', () => {
    const answer = proxyBadRequestAnswer('/api/site_delete/a\\..\\b.example/');
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toMatch(/^application\/json/);
    expect(envelopeSchema.parse(JSON.parse(answer.body))).toMatchObject({
      version: 'proxy',
      method: 'site_delete',
      error: 503,
      message: 'Invalid request format',
      errorinfo: 'A backslash is not allowed in the request path',
      result: null,
    });
  });

  it('echoes no method name that is not a plain one', () => {
    expect(JSON.parse(proxyBadRequestAnswer('/api/evil\\"name/').body)).toMatchObject({ method: '', error: 503 });
  });

  it('answers syncfile_get with HTTP 400 text, as its errors are HTTP statuses (docs/partner-api.md#syncfile_get-errors)', () => {
    const answer = proxyBadRequestAnswer('/api/syncfile_get/a\\b/');
    expect(answer.status).toBe(400);
    expect(answer.headers['Content-Type']).toMatch(/^text\/plain/);
    expect(answer.body).toBe('A backslash is not allowed in the request path\n');
  });
});
