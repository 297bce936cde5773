import { describe, expect, it } from 'vitest';
import { lazyClient } from './lazy-client';

interface Client {
  hello: (name: string) => Promise<string>;
  nested: { twice: (n: number) => Promise<number> };
}

describe('lazyClient', () => {
  it('loads the module once, on the first call, and calls the real methods however deep', async () => {
    let loads = 0;
    const client = lazyClient<Client>(async () => {
      loads++;
      return { hello: async (name) => `hello ${name}`, nested: { twice: async (n) => n * 2 } };
    });
    expect(loads).toBe(0);
    expect(await client.hello('ana')).toBe('hello ana');
    expect(await client.nested.twice(21)).toBe(42);
    expect(loads).toBe(1);
  });

  it('is not a promise, and says which name is no method', async () => {
    const client = lazyClient<Client>(async () => ({ hello: async () => '', nested: { twice: async () => 0 } }));
    expect(await Promise.resolve(client)).toBe(client);
    await expect((client as unknown as { nope: () => Promise<void> }).nope()).rejects.toThrow('nope is not a method');
  });

  it('answers the members it is given at once, without loading the module', () => {
    let loads = 0;
    const client = lazyClient<Client & { id: () => string }>(
      async () => {
        loads++;
        return { hello: async () => '', nested: { twice: async () => 0 }, id: () => 'loaded' };
      },
      { id: () => 'now' },
    );
    expect(client.id()).toBe('now');
    expect(loads).toBe(0);
  });
});
