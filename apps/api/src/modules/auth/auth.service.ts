import {
  AppError,
  isAdminType,
  type AuthenticationMethod,
  type LoginBody,
  type LoginResponse,
  type SessionUser,
  type UserType,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import type { PasswordQueue } from '../../lib/password-queue.ts';
import type { ClientInfo } from '../../lib/request-auth.ts';
import type { AccessTokenClaims } from '../../plugins/auth.ts';
import * as repo from './auth.repository.ts';
import { admitAttempt, clearAttempts, clearLoginFailures, loginThrottleKey, type ThrottlePolicy } from './login-throttle.ts';
import { createRefresh, issueRefreshToken, refreshTokenExpiry, type SessionPolicy } from './session-refresh.ts';

export type AuthServiceDeps = {
  db: Database;
  accessCache: AccessCache;
  signAccessToken: (claims: AccessTokenClaims) => string;
  session: SessionPolicy;
  throttle: ThrottlePolicy;
  passwordQueue: PasswordQueue;
  /** Whether the account has a second factor, and a challenge for its code step (mfa-login.ts). */
  secondStep: { isEnabled: (userId: string) => Promise<boolean>; challenge: (user: repo.UserRow, deviceId: string | null, enrol: boolean) => string };
  mfaRequiredFor: readonly UserType[];
  now: () => Date;
  /** E-mail domains of the workforce directory: their users sign in there, with or without a row. */
  workforceDomains?: readonly string[];
};

export type StartSessionOptions = { deviceId: string | null; client: ClientInfo; method: string };

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const anonymous = (client: ClientInfo, email: string): Actor => ({ userId: null, email, userType: null, ip: client.ip });

export const createAuthService = (deps: AuthServiceDeps) => {
  const { db, now } = deps;

  const rejectLogin = async (email: string, client: ClientInfo, userId: string | null, reason: string): Promise<never> => {
    await db.transaction((tx) =>
      recordActivity(
        tx,
        { ...anonymous(client, email), userId },
        { action: 'auth.login_failed', entity: 'user', entityId: userId, changes: { reason: { before: null, after: reason } } },
      ),
    );
    throw new AppError('INVALID_CREDENTIALS');
  };

  /** The password step: the attempt is counted (per account and address) before the password is checked. */
  const checkPassword = async (email: string, password: string, client: ClientInfo): Promise<repo.UserRow> => {
    await admitAttempt(db, loginThrottleKey(email, client.ip), deps.throttle, now(), { actor: anonymous(client, email), userId: null });
    const user = await repo.findUserByEmail(db, email);
    if (!user) {
      await verifyAgainstDummy(password);
      return rejectLogin(email, client, null, 'unknown email');
    }
    if (!user.passwordHash) {
      await verifyAgainstDummy(password);
      if (user.authProvider !== 'password') throw new AppError('SSO_ACCOUNT');
      return rejectLogin(email, client, user.id, 'no password set');
    }
    if (!(await verifyPassword(user.passwordHash, password))) return rejectLogin(email, client, user.id, 'wrong password');
    // A hash made with weaker settings is brought up to today's now that the password is known (issue 39).
    if (needsRehash(user.passwordHash)) await repo.replacePasswordHash(db, user.id, user.passwordHash, await hashPassword(password));
    return user;
  };

  /** Password first, then account state: only someone who knows the password learns the account's state. */
  const login = (body: LoginBody, client: ClientInfo): Promise<LoginResponse> =>
    deps.passwordQueue.run(client.ip, async () => {
      const email = normalizeEmail(body.email);
      const user = await checkPassword(email, body.password, client);
      if (user.status === 'PENDING') throw new AppError('ACCOUNT_PENDING');
      if (user.status === 'INACTIVE') throw new AppError('ACCOUNT_INACTIVE');
      if (!isAdminType(user.userType)) throw new AppError('NOT_AN_ADMIN');
      await clearAttempts(db, loginThrottleKey(email, client.ip));
      const deviceId = body.deviceId ?? null;
      if (await deps.secondStep.isEnabled(user.id)) {
        return { mfaRequired: true, challenge: deps.secondStep.challenge(user, deviceId, false), enrollmentRequired: false };
      }
      if (deps.mfaRequiredFor.includes(user.userType)) {
        return { mfaRequired: true, challenge: deps.secondStep.challenge(user, deviceId, true), enrollmentRequired: true };
      }
      return startSession(user, { deviceId, client, method: 'password' });
    });

  /** Opens a sign-in for a verified user (password, second factor or single sign-on) and returns the session user. */
  const startSession = async (user: repo.UserRow, options: StartSessionOptions): Promise<SessionUser> => {
    const current = now();
    const expiresAt = new Date(current.getTime() + deps.session.maxAgeHours * 3_600_000);
    const { sessionId, refreshToken, locations } = await db.transaction(async (tx) => {
      const sessionId = await repo.insertSession(tx, {
        userId: user.id,
        deviceId: options.deviceId,
        ipAddress: options.client.ip,
        userAgent: options.client.userAgent,
        signInMethod: options.method,
        lastUsedAt: current,
        expiresAt,
      });
      const refreshToken = await issueRefreshToken(tx, sessionId, refreshTokenExpiry(deps.session, current, expiresAt));
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
      language: user.language,
    };
  };

  const refresh = createRefresh({ db, accessCache: deps.accessCache, signAccessToken: deps.signAccessToken, policy: deps.session, now });

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
export { normalizeEmail, clearLoginFailures };
