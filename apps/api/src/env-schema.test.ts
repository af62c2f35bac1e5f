import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const withSecret = (JWT_SECRET: string) => () => loadConfig({ DATA_DIR: '/tmp/wattdesk-config-test', NODE_ENV: 'production', JWT_SECRET });

describe('JWT_SECRET', () => {
  it('refuses a long secret with little entropy, naming the variable and what to do', () => {
    for (const weak of ['a'.repeat(64), 'ab'.repeat(32), 'password'.repeat(6), 'abc'.repeat(20)]) {
      expect(withSecret(weak)).toThrow(ConfigError);
      expect(withSecret(weak)).toThrow(/JWT_SECRET is too predictable .*openssl rand/);
    }
  });

  it('still refuses a short one, and accepts random secrets in the usual encodings', () => {
    expect(withSecret('Zq7#kP2!')).toThrow(/JWT_SECRET must be at least 32 characters/);
    for (const random of [randomBytes(48).toString('base64'), randomBytes(48).toString('base64url'), randomBytes(16).toString('hex')])
      expect(withSecret(random)().jwtSecret).toBe(random);
  });
});

describe('SHUTDOWN_TIMEOUT_SECONDS', () => {
  const load = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: '/tmp/wattdesk-config-test', NODE_ENV: 'test', JWT_SECRET: randomBytes(48).toString('base64'), ...env });

  it('gives a drain 25 s by default, under Kubernetes’ 30 s grace', () => {
    expect(load().shutdownTimeoutSeconds).toBe(25);
    expect(load({ SHUTDOWN_TIMEOUT_SECONDS: '55' }).shutdownTimeoutSeconds).toBe(55);
  });

  it('refuses a budget of nothing or not a whole number of seconds, naming the variable', () => {
    for (const bad of ['0', '-5', '2.5', 'soon']) expect(() => load({ SHUTDOWN_TIMEOUT_SECONDS: bad })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});

describe('METRICS_ENABLED and METRICS_TOKEN', () => {
  const config = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp/wattdesk-config-test', ...env });

  it('serves metrics by default to this host only; false turns them off; a token must not be guessable by its length', () => {
    expect(config({})().metrics).toEqual({ enabled: true, token: undefined });
    expect(config({ METRICS_ENABLED: 'false' })().metrics.enabled).toBe(false);
    expect(config({ METRICS_TOKEN: 'scrape-token-0123456789' })().metrics.token).toBe('scrape-token-0123456789');
    expect(config({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(config({ METRICS_ENABLED: 'maybe' })).toThrow(/METRICS_ENABLED/);
  });
});

describe('OpenTelemetry', () => {
  const withEndpoint = (OTEL_EXPORTER_OTLP_ENDPOINT: string) => () =>
    loadConfig({ DATA_DIR: '/tmp/wattdesk-config-test', JWT_SECRET: randomBytes(48).toString('base64'), OTEL_EXPORTER_OTLP_ENDPOINT });

  it('refuses an OTLP endpoint that is not a URL, naming the variable, and takes one that is', () => {
    expect(withEndpoint('collector:4318')).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(withEndpoint('http://collector:4318')).not.toThrow();
  });
});
