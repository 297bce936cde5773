import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { methodDataSchema } from '../../api/schemas';
import { startRealStack, type RealStack } from '../../../test-support/real-stack';
import {
  allowedHttpMethods,
  argNames,
  checkRequest,
  hasProblems,
  requirementsOf,
  type RequestValues,
} from './request-check';

let stack: RealStack;
let api: ApiClient;
beforeAll(async () => {
  stack = await startRealStack();
  api = stack.client(await stack.signIn(`request-check-${Date.now().toString(36)}@spa.example`));
});
afterAll(() => stack.close());

/** What the service publishes for a method (api_methoddata), as the client reads it. */
const dataOf = (name: string) => api.api_methoddata(name);
const values = (v: Partial<RequestValues>): RequestValues => ({
  path: [],
  args: [],
  body: '',
  httpMethod: 'GET',
  ...v,
});

describe('checking a request against api_methoddata', () => {
  it('checks each path entry and named argument with its expression (compiled with the u flag)', async () => {
    const data = await dataOf('api_test');
    expect(argNames(data)).toEqual(['str', 'int', 'nullint', 'err', 'raw']);
    const bad = checkRequest(data, values({ path: ['ABC', '-1', 'any'], args: ['', 'x', '', '1', ''] }));
    expect(bad.path.map((p) => p?.kind ?? null)).toEqual(['mismatch', 'mismatch', null]);
    expect(bad.args.map((p) => p?.kind ?? null)).toEqual([null, 'mismatch', null, null, null]);
    expect(hasProblems(bad)).toBe(true);
    expect(hasProblems(checkRequest(data, values({ path: ['abc', '1', 'x/y'], args: ['s', '2', '', '1', ''] })))).toBe(
      false,
    );
    // \p{L} needs the u flag: a UTF-8 domain is a domain.
    expect(checkRequest(await dataOf('site_scan'), values({ path: ['bücher.example'] })).path).toEqual([null]);
  });

  it('checks the fields of a JSON POST body against `post`, and wants an object', async () => {
    const data = await dataOf('agency_update');
    expect(allowedHttpMethods(data)).toEqual(['POST']);
    const sent = (body: string) => checkRequest(data, values({ httpMethod: 'POST', body }));
    expect(sent('[1]').bodyNotObject).toBe(true);
    expect(sent('{"title":"T","email":"nope","phone":5}').post).toEqual({
      email: { kind: 'mismatch', pattern: data.post?.email },
      phone: { kind: 'notString' },
    });
    expect(hasProblems(sent('{"title":"T","email":"t@t.example"}'))).toBe(false);
  });

  it('wants every path entry and the arguments the spec requires (api_test: str and int), not the optional ones', async () => {
    const data = await dataOf('api_test');
    const required = requirementsOf('api_test');
    expect(required.argv).toEqual(['str', 'int']);
    const empty = checkRequest(data, values({ path: ['', '1', ''], args: ['', '', '', '', ''] }), required);
    expect(empty.path).toEqual([{ kind: 'required' }, null, { kind: 'required' }]);
    expect(empty.args).toEqual([{ kind: 'required' }, { kind: 'required' }, null, null, null]);
    const sendable = values({ path: ['abc', '1', 'x'], args: ['s', '2', '', '', ''] });
    expect(hasProblems(checkRequest(data, sendable, required))).toBe(false);
  });

  it('wants the POST fields the spec requires (agency_update: title and email), body empty or not', async () => {
    const data = await dataOf('agency_update');
    const required = requirementsOf('agency_update');
    const sent = (body: string) => checkRequest(data, values({ httpMethod: 'POST', body }), required).post;
    expect(sent('')).toEqual({ title: { kind: 'required' }, email: { kind: 'required' } });
    expect(sent('{"title":"","phone":"1"}')).toEqual({ title: { kind: 'required' }, email: { kind: 'required' } });
    expect(sent('{"title":"T","email":"t@t.example"}')).toEqual({});
  });

  it('reports an expression it cannot compile rather than guessing', () => {
    const data = methodDataSchema.parse({ errprefix: 999, path: ['^[a-$'], argv: {} });
    expect(checkRequest(data, values({ path: ['a'] })).path[0]).toEqual({ kind: 'uncompilable', pattern: '^[a-$' });
    expect(allowedHttpMethods(data)).toEqual(['GET', 'POST']);
  });
});
