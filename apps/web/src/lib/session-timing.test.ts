import { describe, expect, it } from 'vitest';
import { isTokenExpiring, RenewalThrottle, tokenExpiresAt } from './session-timing.ts';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ sub: 'u', exp })).replace(/=+$/, '')}.s`;

describe('session timing (spec section 9)', () => {
  it('treats a token as expired 30 s before its exp', () => {
    const now = 1_800_000_000_000;
    const exp = now / 1000 + 60;
    expect(tokenExpiresAt(jwt(exp))).toBe(exp * 1000);
    expect(isTokenExpiring(jwt(exp), now)).toBe(false);
    expect(isTokenExpiring(jwt(exp), now + 29_000)).toBe(false);
    expect(isTokenExpiring(jwt(exp), now + 30_000)).toBe(true);
    expect(isTokenExpiring('not-a-jwt', now)).toBe(false);
  });

  it('throttles renewal after 10 renewals within 30 s, and allows it again once they age out', () => {
    const throttle = new RenewalThrottle();
    const start = 1_000_000;
    for (let i = 0; i < 10; i += 1) expect(throttle.tryRenew(start + i * 1000)).toBe(true);
    expect(throttle.tryRenew(start + 10_000)).toBe(false);
    expect(throttle.tryRenew(start + 29_999)).toBe(false);
    expect(throttle.tryRenew(start + 30_000)).toBe(true);
  });
});
