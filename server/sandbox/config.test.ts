import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_APP_KEY, DEFAULT_DB_PATH, sandboxConfigFromEnv } from './config.ts';

describe('sandbox configuration', () => {
  it('takes an empty variable as unset', () => {
    const config = sandboxConfigFromEnv({
      SANDBOX_DB: '',
      SANDBOX_APP_KEY: '',
      SANDBOX_SIGNIN_DS: '',
      SANDBOX_SEED: '',
    });
    expect(config).toMatchObject({
      dbPath: DEFAULT_DB_PATH,
      appKey: DEFAULT_APP_KEY,
      signinDs: 'required',
      seed: 'demo',
    });
  });

  it('lists every bad value at once', () => {
    let error: unknown;
    try {
      sandboxConfigFromEnv({ SANDBOX_SEED: 'lots', SANDBOX_PORT: 'eighty', SANDBOX_APP_KEY: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error instanceof ConfigError ? error.problems : []).toHaveLength(3);
  });
});
