import { AppError, isAdminType, type RefreshTokenBody, type RefreshTokenResponse } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import { recordActivity } from '../../lib/audit.ts';
import type { ClientInfo } from '../../lib/request-auth.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { AccessTokenClaims } from '../../plugins/auth.ts';
import * as repo from './auth.repository.ts';

export type SessionPolicy = {
  /** Absolute lifetime of a sign-in. */
  maxAgeHours: number;
  /** A sign-in not refreshed for this long ends. */
  idleTimeoutMinutes: number;
  /** A just-rotated refresh token still answers for this long (two tabs refreshing at once). */
  refreshGraceSeconds: number;
};

export type RefreshDeps = {
  db: Database;
  accessCache: AccessCache;
  signAccessToken: (claims: AccessTokenClaims) => string;
  policy: SessionPolicy;
  now: () => Date;
};

type StoredToken = NonNullable<Awaited<ReturnType<typeof repo.findRefreshTokenForUpdate>>>;
type Outcome = { ok: true; tokens: Required<RefreshTokenResponse> } | { ok: false; endedSessionId?: string };

/** A refresh token lives until the idle timeout, never past the sign-in's absolute end. */
export const refreshTokenExpiry = (policy: SessionPolicy, at: Date, sessionExpiresAt: Date): Date =>
  new Date(Math.min(at.getTime() + policy.idleTimeoutMinutes * 60_000, sessionExpiresAt.getTime()));

export const issueRefreshToken = async (tx: Executor, sessionId: string, expiresAt: Date): Promise<string> => {
  const token = newOpaqueToken();
  await repo.insertRefreshToken(tx, { sessionId, tokenHash: hashToken(token), expiresAt });
  return token;
};

/**
 * Rotates refresh tokens (spec: POST /users/refresh-token {token}). A sign-in ends at its absolute lifetime
 * and after the idle timeout; a refresh naming another device than the sign-in's ends it; a token presented
 * again within the grace window (another tab refreshed first) gets a sibling, later it counts as stolen
 * and ends the sign-in.
 */
export const createRefresh = (deps: RefreshDeps) => {
  const { db, policy, now } = deps;

  const end = async (tx: Executor, stored: StoredToken, reason: string, action: string, ip: string): Promise<Outcome> => {
    await repo.revokeSession(tx, stored.sessionId, reason, now());
    const actor = { userId: stored.userId, email: null, userType: null, ip };
    await recordActivity(tx, actor, { action, entity: 'session', entityId: stored.sessionId });
    return { ok: false, endedSessionId: stored.sessionId };
  };

  const rotate = async (tx: Executor, stored: StoredToken, client: ClientInfo): Promise<Outcome> => {
    const current = now();
    const user = await repo.findUserById(tx, stored.userId);
    if (!user || user.status !== 'ACTIVE' || !isAdminType(user.userType)) return { ok: false };
    if (!stored.usedAt) await repo.markRefreshTokenUsed(tx, stored.id, current);
    const refreshToken = await issueRefreshToken(tx, stored.sessionId, refreshTokenExpiry(policy, current, stored.sessionExpiresAt));
    await repo.touchSession(tx, stored.sessionId, current, client);
    const accessToken = deps.signAccessToken({ sub: user.id, sid: stored.sessionId, typ: user.userType });
    return { ok: true, tokens: { access_token: accessToken, refresh_token: refreshToken } };
  };

  const decide = async (tx: Executor, body: RefreshTokenBody, client: ClientInfo): Promise<Outcome> => {
    if (!body.token) return { ok: false };
    const stored = await repo.findRefreshTokenForUpdate(tx, hashToken(body.token));
    if (!stored || stored.sessionRevokedAt) return { ok: false };
    const current = now().getTime();
    // The spec's refresh sends the token alone: a device id is checked only when one is sent (decision 018).
    if (stored.deviceId && body.deviceId !== undefined && stored.deviceId !== body.deviceId) {
      return end(tx, stored, 'refresh from another device', 'auth.refresh_device_mismatch', client.ip);
    }
    if (stored.sessionExpiresAt.getTime() <= current) return end(tx, stored, 'session lifetime reached', 'auth.session_expired', client.ip);
    if (stored.sessionLastUsedAt.getTime() + policy.idleTimeoutMinutes * 60_000 <= current) {
      return end(tx, stored, 'idle timeout', 'auth.session_idle_timeout', client.ip);
    }
    if (stored.usedAt) {
      if (current - stored.usedAt.getTime() <= policy.refreshGraceSeconds * 1000) return rotate(tx, stored, client);
      return end(tx, stored, 'refresh token reuse', 'auth.refresh_reuse_detected', client.ip);
    }
    if (stored.expiresAt.getTime() <= current) return { ok: false };
    return rotate(tx, stored, client);
  };

  return async (body: RefreshTokenBody, client: ClientInfo): Promise<Required<RefreshTokenResponse>> => {
    const outcome = await db.transaction((tx) => decide(tx, body, client));
    if (outcome.ok) return outcome.tokens;
    if (outcome.endedSessionId) deps.accessCache.invalidateSession(outcome.endedSessionId);
    throw new AppError('INVALID_REFRESH_TOKEN');
  };
};
