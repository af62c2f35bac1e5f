import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_ACTIVITY_KEY, watchInactivity } from './inactivity-sign-out.ts';
import { useSession } from './session-store.ts';

const user = {
  access_token: 'a',
  userId: 'u1',
  userType: 'Admin' as const,
  locations: [],
  firstName: 'Dana',
  lastName: 'Chen',
  email: 'admin@example.com',
  phoneNumber: null,
};

let stop: () => void;
let signedOutAt: number | null;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  signedOutAt = null;
  useSession.setState({ user: null });
  stop = watchInactivity(() => {
    signedOutAt = Date.now();
    useSession.getState().signOut();
  });
  useSession.getState().signIn(user);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

const minutes = (n: number) => n * 60_000;

describe('tab inactivity sign-out (spec section 9: 1800 s)', () => {
  it('signs out after 30 minutes without activity, not before', async () => {
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(minutes(29));
    expect(useSession.getState().user).not.toBeNull();
    await vi.advanceTimersByTimeAsync(minutes(1) + 15_000);
    expect(useSession.getState().user).toBeNull();
    expect(signedOutAt! - start).toBeGreaterThanOrEqual(1_800_000);
    expect(signedOutAt! - start).toBeLessThanOrEqual(1_815_000);
  });

  it('keystrokes and clicks keep the session, and are shared with other tabs', async () => {
    await vi.advanceTimersByTimeAsync(minutes(20));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(minutes(20));
    expect(useSession.getState().user).not.toBeNull();
    // Another tab was used meanwhile.
    window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY, newValue: String(Date.now()) }));
    await vi.advanceTimersByTimeAsync(minutes(25));
    expect(useSession.getState().user).not.toBeNull();
    await vi.advanceTimersByTimeAsync(minutes(6));
    expect(useSession.getState().user).toBeNull();
  });

  it('checks when a hidden tab shows again, whose timers the browser slowed down', async () => {
    vi.setSystemTime(Date.now() + minutes(31));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(useSession.getState().user).toBeNull();
  });
});
