import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const base = { DATA_DIR: '/tmp/wattdesk-config-test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' };

describe('Stripe settings', () => {
  it('uses the sandbox when neither key is set', () => {
    expect(loadConfig(base).stripe).toEqual({ sandbox: true, apiUrl: undefined, payoutDelaySeconds: 60 });
    expect(loadConfig({ ...base, SANDBOX_PAYOUT_DELAY_SECONDS: '5' }).stripe).toMatchObject({ payoutDelaySeconds: 5 });
  });

  it('uses Stripe when both are set, with an optional API address', () => {
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_CLIENT_ID: 'ca_abc123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_abc123', clientId: 'ca_abc123', apiUrl: 'http://127.0.0.1:12111' });
  });

  it('refuses one key without the other, and keys of the wrong kind, naming the variable', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_CLIENT_ID/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_CLIENT_ID: 'ca_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_CLIENT_ID: 'ca_abc' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
