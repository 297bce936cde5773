import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_APP_KEY, DEFAULT_DB_PATH, DEFAULT_LIMITS, sandboxConfigFromEnv } from './config.ts';

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

  it('has strict rate limits by default, each one settable', () => {
    expect(sandboxConfigFromEnv({}).limits).toEqual({
      otpPerEmail: 5,
      otpPerAddress: 30,
      wrongOtpPerEmail: 20,
      wrongOtpPerAddress: 60,
      keyRate: 50,
      keyBurst: 200,
    });
    expect(DEFAULT_LIMITS).toEqual(sandboxConfigFromEnv({}).limits);
    const raised = sandboxConfigFromEnv({
      SANDBOX_LIMIT_OTP_PER_EMAIL: '100',
      SANDBOX_LIMIT_OTP_PER_ADDRESS: '1000',
      SANDBOX_LIMIT_WRONG_OTP_PER_EMAIL: '200',
      SANDBOX_LIMIT_WRONG_OTP_PER_ADDRESS: '2000',
      SANDBOX_LIMIT_KEY_RATE: '500',
      SANDBOX_LIMIT_KEY_BURST: '5000',
    });
    expect(raised.limits).toEqual({
      otpPerEmail: 100,
      otpPerAddress: 1000,
      wrongOtpPerEmail: 200,
      wrongOtpPerAddress: 2000,
      keyRate: 500,
      keyBurst: 5000,
    });
    const problems = (() => {
      try {
        sandboxConfigFromEnv({ SANDBOX_LIMIT_OTP_PER_EMAIL: '0', SANDBOX_LIMIT_KEY_RATE: 'fast' });
        return [];
      } catch (err) {
        return err instanceof ConfigError ? err.problems : [];
      }
    })();
    expect(problems).toEqual([
      'SANDBOX_LIMIT_OTP_PER_EMAIL must be a whole number from 1 to 1000000 (got "0")',
      'SANDBOX_LIMIT_KEY_RATE must be a whole number from 1 to 1000000 (got "fast")',
    ]);
  });

  it('takes SANDBOX_PUBLIC_URL as an http(s) origin only', () => {
    expect(sandboxConfigFromEnv({}).publicOrigin).toBeUndefined();
    expect(sandboxConfigFromEnv({ SANDBOX_PUBLIC_URL: 'https://Sandbox.Partner.example/' }).publicOrigin).toBe(
      'https://sandbox.partner.example',
    );
    expect(sandboxConfigFromEnv({ SANDBOX_PUBLIC_URL: 'http://127.0.0.1:9000' }).publicOrigin).toBe(
      'http://127.0.0.1:9000',
    );
    for (const bad of [
      'sandbox.example',
      'ftp://sandbox.example',
      'https://sandbox.example/api',
      'https://u:p@x.example',
    ]) {
      expect(() => sandboxConfigFromEnv({ SANDBOX_PUBLIC_URL: bad }), bad).toThrow(/SANDBOX_PUBLIC_URL must be/);
    }
  });
});
