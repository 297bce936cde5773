import { describe, expect, it } from 'vitest';
import { demoEmailFromHealth } from './sandbox-mode';

describe('demoEmailFromHealth', () => {
  it('names the demo account the sandbox reports', () => {
    expect(demoEmailFromHealth({ ok: true, version: 'sandbox', now: 1, demoEmail: 'guest@demo.example' })).toBe(
      'guest@demo.example',
    );
  });

  it.each([
    ['no demo account (SANDBOX_SEED=empty)', { ok: true, version: 'sandbox', now: 1, demoEmail: null }],
    ['a health answer without the field', { ok: true, version: 'sandbox', now: 1 }],
    ['a value that is not an e-mail', { ok: true, demoEmail: 'not an e-mail' }],
    ['a value that is not a string', { ok: true, demoEmail: 42 }],
    ['not an object', '<!doctype html>'],
    ['null', null],
  ])('gives null for %s', (_label, body) => {
    expect(demoEmailFromHealth(body)).toBeNull();
  });
});
