import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const base = { DATA_DIR: '/tmp/wattdesk-config-test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' };

describe('session lifetime settings (issue 39)', () => {
  it("defaults to the spec's 1,800 s idle timeout and a 12-hour absolute lifetime", () => {
    const config = loadConfig(base);
    expect(config.sessionIdleTimeoutMinutes * 60).toBe(1800);
    expect(config.sessionMaxAgeHours).toBe(12);
  });

  it('takes both from the environment, the lifetime in hours or, as before, in days', () => {
    expect(loadConfig({ ...base, SESSION_IDLE_TIMEOUT_MINUTES: '60' }).sessionIdleTimeoutMinutes).toBe(60);
    expect(loadConfig({ ...base, SESSION_MAX_AGE_HOURS: '8' }).sessionMaxAgeHours).toBe(8);
    expect(loadConfig({ ...base, SESSION_MAX_AGE_DAYS: '2' }).sessionMaxAgeHours).toBe(48);
    expect(loadConfig({ ...base, REFRESH_TOKEN_TTL_DAYS: '1' }).sessionMaxAgeHours).toBe(24);
    expect(loadConfig({ ...base, SESSION_MAX_AGE_HOURS: '6', SESSION_MAX_AGE_DAYS: '2' }).sessionMaxAgeHours).toBe(6);
  });
});
