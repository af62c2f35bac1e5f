import {
  AppError,
  DEFAULT_LOCALE,
  type ConfirmWithPasswordAndCodeBody,
  type Locale,
  type RecoveryCodesResponse,
  type TotpSetupResponse,
  type UserType,
} from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { PasswordQueue } from '../../lib/password-queue.ts';
import * as authRepo from './auth.repository.ts';
import { mfaChangedMail } from './auth.mail.ts';
import { admitAttempt, clearAttempts, mfaThrottleKey, type ThrottlePolicy } from './login-throttle.ts';
import type { MfaService } from './mfa.service.ts';

export type AccountMfaDeps = {
  db: Database;
  mfa: MfaService;
  mailer: Mailer;
  background: BackgroundTasks;
  passwordQueue: PasswordQueue;
  throttle: ThrottlePolicy;
  mfaRequiredFor: readonly UserType[];
  now: () => Date;
};

/** Two-step sign-in from the account settings: set up, confirm, new recovery codes, turn off. Local accounts only. */
export const createAccountMfa = (deps: AccountMfaDeps) => {
  const { db, mfa, now } = deps;

  const localUser = async (auth: AuthContext) => {
    const user = await authRepo.findUserById(db, auth.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (user.authProvider !== 'password' || !user.passwordHash) throw new AppError('MFA_LOCAL_ONLY');
    return { ...user, passwordHash: user.passwordHash };
  };

  const notify = (user: { email: string; firstName: string; language: Locale | null }, enabled: boolean) =>
    deps.background.run('mfa-changed-mail', () =>
      deps.mailer.send(mfaChangedMail(user.email, user.firstName, enabled, user.language ?? DEFAULT_LOCALE)),
    );

  const beginSetup = async (auth: AuthContext): Promise<TotpSetupResponse> => {
    const user = await localUser(auth);
    return mfa.beginSetup(db, user.id, user.email);
  };

  const enable = async (auth: AuthContext, actor: Actor, code: string): Promise<RecoveryCodesResponse> => {
    const user = await localUser(auth);
    const recoveryCodes = await db.transaction(async (tx) => {
      const codes = await mfa.confirmSetup(tx, user.id, code);
      await recordActivity(tx, actor, { action: 'account.mfa_enabled', entity: 'user', entityId: user.id });
      return codes;
    });
    notify(user, true);
    return { recoveryCodes };
  };

  /**
   * Both the password and a current code (or a recovery code): a stolen session alone cannot weaken the
   * account. Attempts count against the same back-off and lock as sign-in codes.
   */
  const confirmOwner = async (auth: AuthContext, actor: Actor, body: ConfirmWithPasswordAndCodeBody, then: (tx: Executor) => Promise<void>) => {
    const user = await localUser(auth);
    const key = mfaThrottleKey(user.id, actor.ip);
    await admitAttempt(db, key, deps.throttle, now(), { actor, userId: user.id });
    if (!(await deps.passwordQueue.run(actor.ip, () => verifyPassword(user.passwordHash, body.password))))
      throw new AppError('CURRENT_PASSWORD_WRONG');
    await db.transaction(async (tx) => {
      if (!(await mfa.verifySecondFactor(tx, user.id, body.code))) throw new AppError('MFA_CODE_INVALID');
      await then(tx);
    });
    await clearAttempts(db, key);
    return user;
  };

  const disable = async (auth: AuthContext, actor: Actor, body: ConfirmWithPasswordAndCodeBody): Promise<void> => {
    const account = await localUser(auth);
    if (deps.mfaRequiredFor.includes(account.userType)) throw new AppError('MFA_REQUIRED');
    if (!(await mfa.isEnabled(db, account.id))) throw new AppError('MFA_NOT_ENABLED');
    const user = await confirmOwner(auth, actor, body, async (tx) => {
      await mfa.disable(tx, auth.userId);
      await recordActivity(tx, actor, { action: 'account.mfa_disabled', entity: 'user', entityId: auth.userId });
    });
    notify(user, false);
  };

  const regenerateRecoveryCodes = async (auth: AuthContext, actor: Actor, body: ConfirmWithPasswordAndCodeBody): Promise<RecoveryCodesResponse> => {
    if (!(await mfa.isEnabled(db, auth.userId))) throw new AppError('MFA_NOT_ENABLED');
    let recoveryCodes: string[] = [];
    await confirmOwner(auth, actor, body, async (tx) => {
      recoveryCodes = await mfa.issueRecoveryCodes(tx, auth.userId);
      await recordActivity(tx, actor, { action: 'account.recovery_codes_renewed', entity: 'user', entityId: auth.userId });
    });
    return { recoveryCodes };
  };

  return { beginSetup, enable, disable, regenerateRecoveryCodes };
};

export type AccountMfa = ReturnType<typeof createAccountMfa>;
