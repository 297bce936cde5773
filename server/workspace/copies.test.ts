/**
 * Several copies of the server behind a load balancer, on one PostgreSQL
 * (DATABASE_URL): they share the workspace and the sign-in limits. Over real
 * HTTP, each copy a real proxy in front of one stand-in partner service
 * (test-support/real-stack.ts). Runs when a test database is given
 * (./test-engines.ts); SQLite is one process's file, so it has no such test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTarget } from '../../src/api/target.ts';
import { createWorkspaceClient } from '../../src/api/workspace.ts';
import { startRemoteStack, type RealStack, type RemoteStack } from '../../test-support/real-stack.ts';
import { POSTGRES_TITLE, postgresPlace, TEST_DATABASE_URL, type TestPlace } from './test-engines.ts';

describe.skipIf(TEST_DATABASE_URL === null)(`two server copies on one ${POSTGRES_TITLE}`, () => {
  let place: TestPlace;
  let stack: RemoteStack;
  let second: RealStack;

  beforeEach(async () => {
    place = await postgresPlace();
    stack = await startRemoteStack({ ...place.settings, LOGIN_LIMIT_CODES_PER_EMAIL: '3/15m' });
    second = await stack.addCopy();
  });
  afterEach(async () => {
    await stack.close();
    await place.drop();
  });

  it('share the workspace: what one records, the other shows', async () => {
    const ana = await stack.signIn('ana@agency.example');
    const first = createWorkspaceClient({ baseUrl: stack.origin, getCredentials: () => ana });
    const other = createWorkspaceClient({ baseUrl: second.origin, getCredentials: () => ana });
    await first.setName('Ana');
    await stack.client(ana).sites_add(['one.example']);
    await second.client(ana).site_setoption('one.example', 'autopatching', '1');
    await expect.poll(async () => (await other.activity()).entries.length).toBe(2);
    const state = await other.state();
    expect(state.key.name).toBe('Ana');
    expect((await other.patching(['one.example'])).map((p) => [p.domain, p.enabled, p.setBy.personName])).toEqual([
      ['one.example', true, 'Ana'],
    ]);
    expect((await first.activity()).entries.map((e) => e.method)).toEqual(['site_setoption', 'sites_add']);
  });

  it('share the sign-in limits: codes asked of one copy count at the other', async () => {
    const target = buildTarget('signup', ['limited@agency.example']);
    const signup = async (at: RealStack) => {
      const answer: unknown = await (await fetch(at.origin + target)).json();
      return (answer as { error: number; errorinfo: string }).error;
    };
    expect(await signup(stack)).toBe(0);
    expect(await signup(second)).toBe(0);
    expect(await signup(stack)).toBe(0);
    // The fourth within 15 minutes, whichever copy it reaches.
    expect(await signup(second)).toBe(500);
    expect(await signup(stack)).toBe(500);
  });

  it('share the pending codes: a code sent through one copy signs in through the other, and strangers spend none', async () => {
    const email = 'owner@agency.example';
    const envelope = async (at: RealStack, method: 'signup' | 'signin', args: string[]) =>
      (await (await fetch(at.origin + buildTarget(method, args))).json()) as { error: number; errorinfo?: string };
    // No code pending: refused at either copy, and counted nowhere.
    for (let i = 0; i < 8; i++) {
      const answer = await envelope(i % 2 ? second : stack, 'signin', [email, '000000']);
      expect(answer.errorinfo).toMatch(/No sign-in code is pending/);
    }
    // The owner's fresh code, asked of one copy, works at the other.
    expect((await envelope(stack, 'signup', [email])).error).toBe(0);
    const mails = (await (
      await fetch(`${stack.serviceUrl}/sandbox/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as {
      otp?: string;
    }[];
    const otp = mails.find((m) => m.otp)?.otp ?? '';
    expect((await envelope(second, 'signin', [email, otp])).error).toBe(0);
  });
});
