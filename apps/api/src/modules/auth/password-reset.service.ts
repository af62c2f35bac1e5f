import { AppError, DEFAULT_LOCALE, ERROR_CODES } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import { issueOneTimeLink } from './accounts.service.ts';
import * as repo from './auth.repository.ts';
import { passwordChangedMail, resetPasswordMail } from './auth.mail.ts';
import type { PasswordQueue } from '../../lib/password-queue.ts';
import { checkPasswordStrength } from '../../lib/password-strength.ts';
import type { ClientInfo } from '../../lib/request-auth.ts';
import { normalizeEmail } from './auth.service.ts';
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
  passwordQueue: PasswordQueue;
  now: () => Date;
  /** Someone accepted an invitation (set their first password), e.g. a driver: the network is told. */
  onInvitationAccepted?: (userId: string) => void;
};

export const createPasswordResetService = (deps: PasswordResetDeps) => {
  const { db, now } = deps;

  const sendResetLink = async (email: string, client: ClientInfo): Promise<void> => {
    const user = await repo.findUserByEmail(db, email);
    if (!user || user.status === 'INACTIVE' || user.authProvider !== 'password') return;
    const current = now();
    const token = await db.transaction(async (tx) => {
      const throttle = await repo.recordThrottleFailure(tx, `forgot:${email}`, current, {
        lockAfter: deps.resetMailsPerHour + 1,
        lockUntil: new Date(current.getTime() + 3_600_000),
        resetBefore: new Date(current.getTime() - 3_600_000),
      });
      if (throttle.failures > deps.resetMailsPerHour) return null;
      const issued = await issueOneTimeLink(tx, user.id, 'reset', current, deps.resetTokenTtlMinutes * 60_000);
      const actor: Actor = { userId: user.id, email: user.email, userType: user.userType, ip: client.ip };
      await recordActivity(tx, actor, { action: 'auth.password_reset_requested', entity: 'user', entityId: user.id });
      return issued;
    });
    if (!token) return;
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(resetPasswordMail(user.email, user.firstName, link, deps.resetTokenTtlMinutes, user.language ?? DEFAULT_LOCALE));
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
    const holder = await repo.findOneTimeTokenHolder(db, hashToken(token));
    if (!holder || holder.purpose === 'email_change') throw new AppError('RESET_TOKEN_INVALID');
    const passwordHash = await deps.passwordQueue.run(client.ip, async () => {
      const strength = await checkPasswordStrength(password, [holder.email, holder.firstName, holder.lastName, 'wattdesk']);
      if (!strength.isStrongEnough)
        throw new AppError('PASSWORD_TOO_WEAK', { messages: [ERROR_CODES.PASSWORD_TOO_WEAK.message, ...strength.feedback] });
      return hashPassword(password);
    });
    const user = await db.transaction(async (tx) => {
      const stored = await repo.findOneTimeTokenForUpdate(tx, hashToken(token));
      const current = now();
      if (!stored || stored.purpose === 'email_change' || stored.usedAt || stored.expiresAt <= current) throw new AppError('RESET_TOKEN_INVALID');
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
      return { ...user, purpose: stored.purpose };
    });
    deps.accessCache.invalidateUser(user.id);
    if (user.purpose === 'invite') deps.onInvitationAccepted?.(user.id);
    if (user.purpose === 'reset') {
      deps.background.run('password-changed-mail', () =>
        deps.mailer.send(passwordChangedMail(user.email, user.firstName, 'reset', `${deps.publicUrl}/`, user.language ?? DEFAULT_LOCALE)),
      );
    }
  };

  return { forgotPassword, resetPassword };
};

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
