import { SESSION_TIMING } from '@wattdesk/shared/constants';

/** When a JWT expires (ms since the epoch), read from its payload; null for anything that is not a JWT. */
export const tokenExpiresAt = (token: string | undefined): number | null => {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
};

/** Spec section 9: a token counts as expired 30 s before its `exp`, so it is renewed before a call fails. */
export const isTokenExpiring = (token: string | undefined, nowMs = Date.now()): boolean => {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - SESSION_TIMING.expireEarlySeconds * 1000 <= nowMs;
};

/**
 * Spec section 9: after 10 renewals within 30 s, renewal stops: something is wrong (a clock far off, a
 * server answering with tokens already expired) and renewing in a loop would only hammer the server.
 */
export class RenewalThrottle {
  private renewals: number[] = [];

  constructor(
    private readonly limit: number = SESSION_TIMING.renewalThrottleCount,
    private readonly windowMs: number = SESSION_TIMING.renewalThrottleWindowSeconds * 1000,
  ) {}

  /** Counts a renewal and says whether it may go ahead. */
  tryRenew(nowMs = Date.now()): boolean {
    this.renewals = this.renewals.filter((at) => nowMs - at < this.windowMs);
    if (this.renewals.length >= this.limit) return false;
    this.renewals.push(nowMs);
    return true;
  }

  reset(): void {
    this.renewals = [];
  }
}
