import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const base = { DATA_DIR: '/tmp/wattdesk-config-test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' };

describe('Plaid settings', () => {
  it('uses the local Plaid sandbox when neither key is set', () => {
    expect(loadConfig(base).plaid).toEqual({ sandbox: true });
  });

  it('uses Plaid when both are set, in the environment PLAID_ENV names (sandbox by default)', () => {
    const keys = { PLAID_CLIENT_ID: 'abcdef0123456789', PLAID_SECRET: 'fedcba9876543210fedcba' };
    expect(loadConfig({ ...base, ...keys }).plaid).toEqual({
      clientId: keys.PLAID_CLIENT_ID,
      secret: keys.PLAID_SECRET,
      env: 'sandbox',
      apiUrl: undefined,
    });
    expect(loadConfig({ ...base, ...keys, PLAID_ENV: 'production' }).plaid).toMatchObject({ env: 'production' });
  });

  it('refuses one key without the other and an unknown environment, naming the variable', () => {
    expect(() => loadConfig({ ...base, PLAID_CLIENT_ID: 'abcdef0123456789' })).toThrow(/PLAID_CLIENT_ID and PLAID_SECRET/);
    expect(() => loadConfig({ ...base, PLAID_ENV: 'development' })).toThrow(/PLAID_ENV/);
  });
});
