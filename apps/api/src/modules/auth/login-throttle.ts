import { AppError } from '@wattdesk/shared';
import type { Executor } from '../../db/client.ts';
import { clearThrottle, findThrottle, recordThrottleFailure } from './auth.repository.ts';

export type ThrottlePolicy = { backoffAfter: number; lockAfter: number; lockMinutes: number };

const MAX_BACKOFF_SECONDS = 60;
const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

export const loginThrottleKey = (email: string) => `login:${email}`;

/** After `backoffAfter` failures each further attempt waits 1 s, 2 s, 4 s, ... (at most a minute). */
const backoffSeconds = (failures: number, policy: ThrottlePolicy): number =>
  failures < policy.backoffAfter ? 0 : Math.min(2 ** (failures - policy.backoffAfter), MAX_BACKOFF_SECONDS);

const retryAfter = (seconds: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

/** Refuses an attempt while the account is locked or inside its back-off window. */
export const assertLoginAllowed = async (db: Executor, email: string, policy: ThrottlePolicy, now: Date) => {
  const throttle = await findThrottle(db, loginThrottleKey(email));
  if (!throttle) return;
  if (throttle.lockedUntil && throttle.lockedUntil > now) {
    const seconds = (throttle.lockedUntil.getTime() - now.getTime()) / 1000;
    throw new AppError('ACCOUNT_LOCKED', { headers: retryAfter(seconds) });
  }
  if (throttle.lockedUntil || !throttle.lastFailureAt) return;
  const waitUntil = throttle.lastFailureAt.getTime() + backoffSeconds(throttle.failures, policy) * 1000;
  if (waitUntil > now.getTime()) {
    throw new AppError('LOGIN_BACKOFF', { headers: retryAfter((waitUntil - now.getTime()) / 1000) });
  }
};

export const recordLoginFailure = (db: Executor, email: string, policy: ThrottlePolicy, now: Date) =>
  recordThrottleFailure(db, loginThrottleKey(email), now, {
    lockAfter: policy.lockAfter,
    lockUntil: new Date(now.getTime() + policy.lockMinutes * 60_000),
    resetBefore: new Date(now.getTime() - FAILURE_MEMORY_MS),
  });

export const clearLoginFailures = (db: Executor, email: string) => clearThrottle(db, loginThrottleKey(email));
