import {
  AppError,
  isAdminType,
  type AuthenticationMethod,
  type LoginBody,
  type RefreshTokenResponse,
  type SessionUser,
} from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { AccessTokenClaims } from '../../plugins/auth.ts';
import * as repo from './auth.repository.ts';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure, type ThrottlePolicy } from './login-throttle.ts';

export type AuthServiceDeps = {
  db: Database;
  accessCache: AccessCache;
  signAccessToken: (claims: AccessTokenClaims) => string;
  refreshTokenTtlDays: number;
  throttle: ThrottlePolicy;
  now: () => Date;
  /** E-mail domains of the workforce directory: their users sign in there, with or without a row. */
  workforceDomains?: readonly string[];
};

export type ClientInfo = { ip: string; userAgent: string | null };

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const anonymous = (client: ClientInfo, email: string): Actor => ({ userId: null, email, userType: null, ip: client.ip });

export const createAuthService = (deps: AuthServiceDeps) => {
  const { db, now } = deps;

  const issueRefreshToken = async (tx: Executor, sessionId: string): Promise<string> => {
    const token = newOpaqueToken();
    const expiresAt = new Date(now().getTime() + deps.refreshTokenTtlDays * 86_400_000);
    await repo.insertRefreshToken(tx, { sessionId, tokenHash: hashToken(token), expiresAt });
    return token;
  };

  const rejectLogin = async (email: string, client: ClientInfo, userId: string | null, reason: string) => {
    await db.transaction(async (tx) => {
      await recordLoginFailure(tx, email, deps.throttle, now());
      await recordActivity(tx, { ...anonymous(client, email), userId }, {
        action: 'auth.login_failed',
        entity: 'user',
        entityId: userId,
        changes: { reason: { before: null, after: reason } },
      });
    });
    throw new AppError('INVALID_CREDENTIALS');
  };

  /** Password first, then account state: only someone who knows the password learns the account's state. */
  const login = async (body: LoginBody, client: ClientInfo): Promise<SessionUser> => {
    const email = normalizeEmail(body.email);
    await assertLoginAllowed(db, email, deps.throttle, now());
    const user = await repo.findUserByEmail(db, email);
    if (!user) {
      await verifyAgainstDummy(body.password);
      return rejectLogin(email, client, null, 'unknown email');
    }
    if (!user.passwordHash) {
      await verifyAgainstDummy(body.password);
      if (user.authProvider !== 'password') throw new AppError('SSO_ACCOUNT');
      return rejectLogin(email, client, user.id, 'no password set');
    }
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      return rejectLogin(email, client, user.id, 'wrong password');
    }
    if (user.status === 'PENDING') throw new AppError('ACCOUNT_PENDING');
    if (user.status === 'INACTIVE') throw new AppError('ACCOUNT_INACTIVE');
    if (!isAdminType(user.userType)) throw new AppError('NOT_AN_ADMIN');
    return startSession(user, { deviceId: body.deviceId ?? null, client, method: 'password' });
  };

  /** Opens a sign-in for a verified user (password or single sign-on) and returns the session user. */
  const startSession = async (
    user: repo.UserRow,
    options: { deviceId: string | null; client: ClientInfo; method: string },
  ): Promise<SessionUser> => {
    const { sessionId, refreshToken, locations } = await db.transaction(async (tx) => {
      const sessionId = await repo.insertSession(tx, {
        userId: user.id,
        deviceId: options.deviceId,
        ipAddress: options.client.ip,
        userAgent: options.client.userAgent,
      });
      const refreshToken = await issueRefreshToken(tx, sessionId);
      await clearLoginFailures(tx, user.email);
      const actor: Actor = { userId: user.id, email: user.email, userType: user.userType, ip: options.client.ip };
      await recordActivity(tx, actor, {
        action: 'auth.login',
        entity: 'user',
        entityId: user.id,
        changes: { method: { before: null, after: options.method } },
      });
      return { sessionId, refreshToken, locations: await repo.locationIdsOfUser(tx, user.id) };
    });
    return {
      access_token: deps.signAccessToken({ sub: user.id, sid: sessionId, typ: user.userType }),
      refresh_token: refreshToken,
      userId: user.id,
      userType: user.userType,
      locations,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
    };
  };

  type RefreshOutcome = { ok: true; tokens: RefreshTokenResponse } | { ok: false; sessionId?: string };

  /**
   * Rotates the refresh token. Presenting a token that was already rotated means it was copied:
   * the whole sign-in (family) is revoked, so neither the thief nor the owner can continue.
   */
  const refresh = async (token: string, client: ClientInfo): Promise<RefreshTokenResponse> => {
    const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
      const stored = await repo.findRefreshTokenForUpdate(tx, hashToken(token));
      if (!stored || stored.sessionRevokedAt) return { ok: false };
      const current = now();
      if (stored.usedAt) {
        await repo.revokeSession(tx, stored.sessionId, 'refresh token reuse', current);
        await recordActivity(tx, { userId: stored.userId, email: null, userType: null, ip: client.ip }, {
          action: 'auth.refresh_reuse_detected',
          entity: 'session',
          entityId: stored.sessionId,
        });
        return { ok: false, sessionId: stored.sessionId };
      }
      if (stored.expiresAt <= current) return { ok: false };
      const user = await repo.findUserById(tx, stored.userId);
      if (!user || user.status !== 'ACTIVE' || !isAdminType(user.userType)) return { ok: false };
      await repo.markRefreshTokenUsed(tx, stored.id, current);
      const refreshToken = await issueRefreshToken(tx, stored.sessionId);
      const accessToken = deps.signAccessToken({ sub: user.id, sid: stored.sessionId, typ: user.userType });
      return { ok: true, tokens: { access_token: accessToken, refresh_token: refreshToken } };
    });
    if (outcome.ok) return outcome.tokens;
    if (outcome.sessionId) deps.accessCache.invalidateSession(outcome.sessionId);
    throw new AppError('INVALID_REFRESH_TOKEN');
  };

  const logout = async (actor: Actor & { userId: string }, sessionId: string): Promise<void> => {
    await db.transaction(async (tx) => {
      await repo.revokeSession(tx, sessionId, 'logout', now());
      await recordActivity(tx, actor, { action: 'auth.logout', entity: 'session', entityId: sessionId });
    });
    deps.accessCache.invalidateSession(sessionId);
  };

  /**
   * Which sign-in the login page should continue with. Unknown e-mails answer 'password', exactly like
   * password accounts, so the answer does not reveal who has an account. Workforce domains answer by
   * domain alone, which reveals nothing about a person either.
   */
  const authenticationMethod = async (userEmail: string): Promise<AuthenticationMethod> => {
    const email = normalizeEmail(userEmail);
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (deps.workforceDomains?.includes(domain)) return 'workforce-sso';
    const user = await repo.findUserByEmail(db, email);
    if (user?.authProvider === 'workforce') return 'workforce-sso';
    if (user?.authProvider === 'customer') return 'customer-sso';
    return 'password';
  };

  return { login, startSession, refresh, logout, authenticationMethod };
};

export type AuthService = ReturnType<typeof createAuthService>;
export { normalizeEmail };
