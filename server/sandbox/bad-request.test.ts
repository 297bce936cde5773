import { describe, expect, it } from 'vitest';
import { badRequestAnswer } from './http/envelope.ts';

describe('badRequestAnswer (a target the HTTP layer refuses)', () => {
  it('is the sandbox envelope naming the method, error 503', () => {
    const answer = badRequestAnswer('/api/site_delete/a\\b.example/');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      version: '1.0.0-sandbox',
      method: 'site_delete',
      error: 503,
      result: null,
    });
  });

  it('is an HTTP 400 line of text for syncfile_get (docs/partner-api.md#syncfile_get-errors)', () => {
    const answer = badRequestAnswer('/api/syncfile_get/\\/');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/^Invalid request format \(503\)/);
  });
});
