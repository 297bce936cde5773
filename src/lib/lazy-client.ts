/**
 * A client whose module loads on its first call: the object is there at once
 * (providers and hooks take it as they would the real one), and each method
 * call, however deep (`client.fleet.sites(…)`), waits for the module and then
 * calls the real method. What only signed-in pages call (the workspace's
 * client and its answers' schemas) stays out of the entry the login page loads
 * (lint/login-budget.test.ts).
 *
 * `now` holds the members that answer at once, without the module (a
 * synchronous method such as the API client's `credentials()`).
 */
export function lazyClient<T extends object>(load: () => Promise<T>, now: Partial<T> = {}): T {
  let loading: Promise<T> | undefined;
  const at = (path: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      // Not a promise: `await client` or returning it from an async function must not call it.
      get: (_target, key) => {
        if (typeof key !== 'string' || key === 'then') return undefined;
        if (path.length === 0 && Object.hasOwn(now, key)) return now[key as keyof T];
        return at([...path, key]);
      },
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
