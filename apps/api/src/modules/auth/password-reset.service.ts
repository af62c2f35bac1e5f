import { AppError } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';
import { resetPasswordMail } from './auth.mail.ts';
import { normalizeEmail, type ClientInfo } from './auth.service.ts';
import { clearLoginFailures } from './login-throttle.ts';

export type PasswordResetDeps = {
  db: Database;
  mailer: Mailer;
  background: BackgroundTasks;
  accessCache: AccessCache;
  publicUrl: string;
  resetTokenTtlMinutes: number;
  /**
   * Reset e-mails per account per hour. Further requests get the same answer and are dropped: a different
   * answer (or a lock message) would tell a stranger which e-mails have accounts.
   */
  resetMailsPerHour: number;
  now: () => Date;
};

export const createPasswordResetService = (deps: PasswordResetDeps) => {
  const { db, now } = deps;

  const sendResetLink = async (email: string, client: ClientInfo): Promise<void> => {
    const user = await repo.findUserByEmail(db, email);
    if (!user || user.status === 'INACTIVE' || user.authProvider !== 'password') return;
    const current = now();
    const token = newOpaqueToken();
    const allowed = await db.transaction(async (tx) => {
      const throttle = await repo.recordThrottleFailure(tx, `forgot:${email}`, current, {
        lockAfter: deps.resetMailsPerHour + 1,
        lockUntil: new Date(current.getTime() + 3_600_000),
        resetBefore: new Date(current.getTime() - 3_600_000),
      });
      if (throttle.failures > deps.resetMailsPerHour) return false;
      await repo.expireUnusedTokens(tx, user.id, 'reset', current);
      const expiresAt = new Date(current.getTime() + deps.resetTokenTtlMinutes * 60_000);
      await repo.insertOneTimeToken(tx, { userId: user.id, purpose: 'reset', tokenHash: hashToken(token), expiresAt });
      const actor: Actor = { userId: user.id, email: user.email, userType: user.userType, ip: client.ip };
      await recordActivity(tx, actor, { action: 'auth.password_reset_requested', entity: 'user', entityId: user.id });
      return true;
    });
    if (!allowed) return;
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(resetPasswordMail(user.email, user.firstName, link, deps.resetTokenTtlMinutes));
  };

  /**
   * Answers at once and the same way for every e-mail; the lookup and the mail happen afterwards,
   * so neither the answer nor its timing tells whether an account exists.
   */
  const forgotPassword = (rawEmail: string, client: ClientInfo): void => {
    const email = normalizeEmail(rawEmail);
    deps.background.run('forgot-password', () => sendResetLink(email, client));
  };

  /** Single use: the token row is locked, checked and spent in one transaction. Signs the user out everywhere. */
  const resetPassword = async (token: string, password: string, client: ClientInfo): Promise<void> => {
    const passwordHash = await hashPassword(password);
    const userId = await db.transaction(async (tx) => {
      const stored = await repo.findOneTimeTokenForUpdate(tx, hashToken(token));
      const current = now();
      if (!stored || stored.usedAt || stored.expiresAt <= current) throw new AppError('RESET_TOKEN_INVALID');
      const user = await repo.findUserById(tx, stored.userId);
      if (!user || user.status === 'INACTIVE') throw new AppError('RESET_TOKEN_INVALID');
      await repo.markOneTimeTokenUsed(tx, stored.id, current);
      await repo.setPassword(tx, user.id, passwordHash);
      await repo.revokeSessionsOfUser(tx, user.id, 'password reset', current);
      await clearLoginFailures(tx, user.email);
      const actor: Actor = { userId: user.id, email: user.email, userType: user.userType, ip: client.ip };
      await recordActivity(tx, actor, {
        action: stored.purpose === 'invite' ? 'auth.invitation_accepted' : 'auth.password_reset',
        entity: 'user',
        entityId: user.id,
      });
      return user.id;
    });
    deps.accessCache.invalidateUser(userId);
  };

  return { forgotPassword, resetPassword };
};

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
