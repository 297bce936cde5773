/**
 * The session store reads stored sessions without zod (it is in the entry
 * chunk /login loads): `readSession` must take exactly what the sign-in forms'
 * `sessionSchema` takes, and give the same fields back.
 */
import { describe, expect, it } from 'vitest';
import { readSession } from './session';
import { sessionSchema } from './session-schema';

const good = { v: 1, apiKey: 'key-one', macKey: 'mac-one', expires: 1_900_000_000, kind: 'signin' };

const samples: unknown[] = [
  good,
  { ...good, macKey: '' },
  { v: 1, apiKey: 'k', expires: 0, kind: 'key' },
  { ...good, email: 'ana@example.com', demoResetsAt: 1_900_000_600 },
  { ...good, email: 'x'.repeat(320) },
  { ...good, extra: 'dropped', apiKeyCopy: 'dropped' },
  { ...good, macKey: undefined, email: undefined },
  // Each of these is refused.
  null,
  'a string',
  [],
  {},
  { ...good, v: 2 },
  { ...good, v: '1' },
  { ...good, apiKey: '' },
  { ...good, apiKey: 'has space' },
  { ...good, apiKey: 'semi;colon' },
  { ...good, apiKey: 'comma,' },
  { ...good, apiKey: 'quote"' },
  { ...good, apiKey: 'back\\slash' },
  { ...good, apiKey: 'ü' },
  { ...good, apiKey: 'k'.repeat(513) },
  { ...good, apiKey: 'k'.repeat(512) },
  { ...good, apiKey: 42 },
  { ...good, macKey: 'bad key' },
  { ...good, macKey: null },
  { ...good, expires: -1 },
  { ...good, expires: 1.5 },
  { ...good, expires: '0' },
  { ...good, expires: Number.MAX_SAFE_INTEGER + 2 },
  { ...good, kind: 'other' },
  { ...good, email: 'x'.repeat(321) },
  { ...good, email: 7 },
  { ...good, demoResetsAt: -5 },
  { ...good, demoResetsAt: null },
];

describe('readSession', () => {
  it.each(samples.map((sample, i) => [i, sample]))('agrees with sessionSchema on sample %i', (_i, sample) => {
    const parsed = sessionSchema.safeParse(sample);
    expect(readSession(sample)).toEqual(parsed.success ? parsed.data : null);
  });

  it('takes the good ones and refuses the others', () => {
    expect(readSession(good)).toEqual(good);
    expect(readSession({ ...good, apiKey: 'has space' })).toBeNull();
  });
});
