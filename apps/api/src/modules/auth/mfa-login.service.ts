import { AppError, isAdminType, type MfaLoginBody, type MfaLoginResponse, type TotpSetupResponse } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { PasswordQueue } from '../../lib/password-queue.ts';
import type { ClientInfo } from '../../lib/request-auth.ts';
import { createTokenSigner } from '../../lib/signed-token.ts';
import { isUuid } from '../../lib/uuid.ts';
import * as repo from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import { admitAttempt, clearAttempts, mfaThrottleKey, type ThrottlePolicy } from './login-throttle.ts';
import type { MfaService } from './mfa.service.ts';

/** Long enough to open the app and type a code, short enough that a stolen challenge is of little use. */
const CHALLENGE_TTL_MS = 5 * 60_000;

type Challenge = { sub: string; did: string | null; enr: boolean };

export type MfaLoginDeps = {
  db: Database;
  secret: string;
  mfa: MfaService;
  throttle: ThrottlePolicy;
  passwordQueue: PasswordQueue;
  now: () => Date;
};

/**
 * The code step of a password sign-in. The password step answers a signed challenge (who, which device,
 * whether the account must first enrol); this step takes it back with a code from the authenticator app
 * or a recovery code and opens the sign-in. Codes count against the same back-off and lock as passwords.
 */
export const createMfaLogin = (deps: MfaLoginDeps) => {
  const { db, mfa, now } = deps;
  const signer = createTokenSigner(deps.secret, 'mfa-challenge');

  const challenge = (user: repo.UserRow, deviceId: string | null, enrol: boolean): string =>
    signer.sign<Challenge>({ sub: user.id, did: deviceId, enr: enrol }, new Date(now().getTime() + CHALLENGE_TTL_MS));

  const userOf = async (token: string): Promise<{ claims: Challenge; user: repo.UserRow }> => {
    const claims = signer.verify<Challenge>(token, now());
    if (!claims || !isUuid(claims.sub)) throw new AppError('MFA_CHALLENGE_INVALID');
    const user = await repo.findUserById(db, claims.sub);
    // The account may have changed since the password step: it must still be an active local admin.
    if (!user || user.status !== 'ACTIVE' || !isAdminType(user.userType) || user.authProvider !== 'password') {
      throw new AppError('MFA_CHALLENGE_INVALID');
    }
    return { claims, user };
  };

  /** An account that must enrol gets its authenticator set-up from the challenge, before it has a session. */
  const beginEnrolment = async (token: string): Promise<TotpSetupResponse> => {
    const { claims, user } = await userOf(token);
    if (!claims.enr) throw new AppError('MFA_CHALLENGE_INVALID');
    return mfa.beginSetup(db, user.id, user.email);
  };

  const actorOf = (user: repo.UserRow, client: ClientInfo): Actor => ({ userId: user.id, email: user.email, userType: user.userType, ip: client.ip });

  const refuseCode = async (user: repo.UserRow, client: ClientInfo): Promise<never> => {
    await db.transaction((tx) => recordActivity(tx, actorOf(user, client), { action: 'auth.mfa_failed', entity: 'user', entityId: user.id }));
    throw new AppError('MFA_CODE_INVALID');
  };

  /** Checks the code (or confirms the enrolment) and answers the spec's login answer. */
  const complete = (auth: AuthService, body: MfaLoginBody, client: ClientInfo): Promise<MfaLoginResponse> =>
    deps.passwordQueue.run(client.ip, async () => {
      const { claims, user } = await userOf(body.challenge);
      const key = mfaThrottleKey(user.id, client.ip);
      await admitAttempt(db, key, deps.throttle, now(), { actor: actorOf(user, client), userId: user.id });
      const enrolling = claims.enr && !(await mfa.isEnabled(db, user.id));
      const outcome = await db.transaction(async (tx) => {
        if (enrolling) {
          const recoveryCodes = await mfa.confirmSetup(tx, user.id, body.code).catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'MFA_CODE_INVALID') return undefined;
            throw error;
          });
          if (recoveryCodes) await recordActivity(tx, actorOf(user, client), { action: 'account.mfa_enabled', entity: 'user', entityId: user.id });
          return recoveryCodes ? { factor: 'totp' as const, recoveryCodes } : undefined;
        }
        const factor = await mfa.verifySecondFactor(tx, user.id, body.code);
        return factor ? { factor, recoveryCodes: undefined } : undefined;
      });
      if (!outcome) return refuseCode(user, client);
      await clearAttempts(db, key);
      const session = await auth.startSession(user, { deviceId: claims.did, client, method: `password+${outcome.factor}` });
      return outcome.recoveryCodes ? { ...session, recoveryCodes: outcome.recoveryCodes } : session;
    });

  return { challenge, beginEnrolment, complete };
};

export type MfaLogin = ReturnType<typeof createMfaLogin>;
