import { AppError } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import { admitThrottledAttempt, clearThrottle, clearThrottlesWithPrefix, findThrottle, type ThrottleRow } from './auth.repository.ts';

export type ThrottlePolicy = { backoffAfter: number; lockAfter: number; lockMinutes: number };

const MAX_BACKOFF_SECONDS = 60;
const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/** After `backoffAfter` failures each further attempt waits 1 s, 2 s, 4 s, ... (at most a minute). */
const backoffSeconds = (failures: number, policy: ThrottlePolicy): number =>
  failures < policy.backoffAfter ? 0 : Math.min(2 ** (failures - policy.backoffAfter), MAX_BACKOFF_SECONDS);

const retryAfter = (seconds: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

/** Why an attempt was not admitted: locked, or still inside its back-off window. */
const refusal = (throttle: ThrottleRow | undefined, policy: ThrottlePolicy, now: Date): AppError => {
  if (throttle?.lockedUntil && throttle.lockedUntil > now) {
    return new AppError('ACCOUNT_LOCKED', { headers: retryAfter((throttle.lockedUntil.getTime() - now.getTime()) / 1000) });
  }
  const lastFailure = throttle?.lastFailureAt?.getTime() ?? now.getTime();
  const waitUntil = lastFailure + backoffSeconds(throttle?.failures ?? 0, policy) * 1000;
  return new AppError('LOGIN_BACKOFF', { headers: retryAfter((waitUntil - now.getTime()) / 1000) });
};

/** Who tried, for the activity log row of a refused attempt. */
export type AttemptBy = { actor: Actor; userId: string | null };

/**
 * Counts the attempt before the secret is checked (one atomic statement), or refuses it while the key is
 * locked or backing off. A success clears the count (`clearLoginFailures`). A refusal is recorded in the
 * activity log (security review, item 7): a lock is what an attack on an account looks like from outside.
 */
export const admitAttempt = async (db: Database, key: string, policy: ThrottlePolicy, now: Date, by: AttemptBy): Promise<void> => {
  const admitted = await admitThrottledAttempt(db, key, now, {
    backoffAfter: policy.backoffAfter,
    maxBackoffSeconds: MAX_BACKOFF_SECONDS,
    lockAfter: policy.lockAfter,
    lockUntil: new Date(now.getTime() + policy.lockMinutes * 60_000),
    resetBefore: new Date(now.getTime() - FAILURE_MEMORY_MS),
  });
  if (admitted) return;
  const error = refusal(await findThrottle(db, key), policy, now);
  await db.transaction((tx) =>
    recordActivity(tx, by.actor, {
      action: error.code === 'ACCOUNT_LOCKED' ? 'auth.refused_locked' : 'auth.refused_backoff',
      entity: 'user',
      entityId: by.userId,
      changes: { throttle: { before: null, after: key.slice(0, key.indexOf(':')) } },
    }),
  );
  throw error;
};

export const clearAttempts = (db: Executor, key: string) => clearThrottle(db, key);

/** Password and code attempts count per account and address: an attacker locks their own address, not the owner. */
export const loginThrottleKey = (email: string, ip: string) => `login:${email}|${ip}`;
export const mfaThrottleKey = (userId: string, ip: string) => `mfa:${userId}|${ip}`;

/** Every key of an account, whatever the address: a password reset lifts them all. */
export const clearLoginFailures = (db: Executor, email: string) => clearThrottlesWithPrefix(db, `login:${email}|`);
