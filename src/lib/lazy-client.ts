/**
 * A client whose module loads on its first call: the object is there at once
 * (providers and hooks take it as they would the real one), and each method
 * call, however deep (`client.fleet.sites(…)`), waits for the module and then
 * calls the real method. What only signed-in pages call (the workspace's
 * client and its answers' schemas) stays out of the entry the login page loads
 * (lint/login-budget.test.ts).
 */
export function lazyClient<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  const at = (path: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      // Not a promise: `await client` or returning it from an async function must not call it.
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? at([...path, key]) : undefined),
      apply: async (_target, _this, args: unknown[]) => {
        loading ??= load();
        let owner: unknown = await loading;
        for (const key of path.slice(0, -1)) owner = (owner as Record<string, unknown>)[key];
        const method = (owner as Record<string, unknown>)[path.at(-1) ?? ''];
        if (typeof method !== 'function') throw new TypeError(`${path.join('.')} is not a method of the client`);
        return (method as (...a: unknown[]) => unknown).apply(owner, args);
      },
    });
  return at([]) as T;
}
