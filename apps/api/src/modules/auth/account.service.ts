import {
  AppError,
  DEFAULT_LOCALE,
  ERROR_CODES,
  type Account,
  type AccountSession,
  type ChangeEmailBody,
  type Locale,
  type UpdateProfileBody,
  type UserType,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import { diffFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { deviceLabel } from '../../lib/device-label.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { PasswordQueue } from '../../lib/password-queue.ts';
import { checkPasswordStrength } from '../../lib/password-strength.ts';
import { hashToken } from '../../lib/tokens.ts';
import { issueOneTimeLink } from './accounts.service.ts';
import * as repo from './account.repository.ts';
import * as authRepo from './auth.repository.ts';
import { confirmEmailChangeMail, emailChangeNoticeMail, passwordChangedMail } from './auth.mail.ts';
import type { MfaService } from './mfa.service.ts';

export type AccountServiceDeps = {
  db: Database;
  mfa: MfaService;
  mailer: Mailer;
  background: BackgroundTasks;
  accessCache: AccessCache;
  passwordQueue: PasswordQueue;
  publicUrl: string;
  emailChangeTokenTtlHours: number;
  mfaRequiredFor: readonly UserType[];
  now: () => Date;
};

/** The signed-in user's own account (menu account-setting): profile, e-mail, password and sign-ins. */
export const createAccountService = (deps: AccountServiceDeps) => {
  const { db, now } = deps;

  const userOf = async (auth: AuthContext) => {
    const user = await authRepo.findUserById(db, auth.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  };

  const getAccount = async (auth: AuthContext): Promise<Account> => {
    const user = await userOf(auth);
    return {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      userType: user.userType,
      language: user.language,
      authProvider: user.authProvider,
      pendingEmail: await repo.pendingEmailChange(db, user.id, now()),
      mfa: { ...(await deps.mfa.status(user.id)), required: user.authProvider === 'password' && deps.mfaRequiredFor.includes(user.userType) },
    };
  };

  const updateProfile = async (auth: AuthContext, actor: Actor, body: UpdateProfileBody): Promise<Account> => {
    const values = {
      firstName: body.firstName,
      lastName: body.lastName,
      ...(body.phoneNumber === undefined ? {} : { phoneNumber: body.phoneNumber }),
    };
    await db.transaction(async (tx) => {
      const before = await authRepo.findUserById(tx, auth.userId);
      if (!before) throw new AppError('UNAUTHENTICATED');
      await repo.updateProfile(tx, auth.userId, values);
      const changes = diffFields(before as unknown as Record<string, unknown>, values);
      if (Object.keys(changes).length)
        await recordActivity(tx, actor, { action: 'account.profile_update', entity: 'user', entityId: auth.userId, changes });
    });
    return getAccount(auth);
  };

  /**
   * The language the user reads the product in: kept on the account so it follows them to another browser and their
   * e-mails are written in it (issue 44). Any signed-in user may choose, whatever their role may change.
   */
  const setLanguage = async (auth: AuthContext, actor: Actor, language: Locale): Promise<{ language: Locale }> => {
    await db.transaction(async (tx) => {
      const before = await authRepo.findUserById(tx, auth.userId);
      if (!before) throw new AppError('UNAUTHENTICATED');
      if (before.language === language) return;
      await repo.setLanguage(tx, auth.userId, language);
      await recordActivity(tx, actor, {
        action: 'account.language_update',
        entity: 'user',
        entityId: auth.userId,
        changes: { language: { before: before.language, after: language } },
      });
    });
    return { language };
  };

  /** The password proves it is the owner; the link to the new address proves they own it. The old address is told. */
  const requestEmailChange = async (auth: AuthContext, actor: Actor, body: ChangeEmailBody): Promise<Account> => {
    const user = await userOf(auth);
    if (user.authProvider !== 'password') throw new AppError('EMAIL_MANAGED_BY_PROVIDER');
    const newEmail = body.newEmail.trim().toLowerCase();
    if (newEmail === user.email) throw new AppError('EMAIL_UNCHANGED');
    if (!user.passwordHash || !(await deps.passwordQueue.run(actor.ip, () => verifyPassword(user.passwordHash!, body.password)))) {
      throw new AppError('CURRENT_PASSWORD_WRONG');
    }
    if (await authRepo.findUserByEmail(db, newEmail)) throw new AppError('EMAIL_TAKEN');
    const ttlHours = deps.emailChangeTokenTtlHours;
    const token = await db.transaction(async (tx) => {
      const issued = await issueOneTimeLink(tx, user.id, 'email_change', now(), ttlHours * 3_600_000, newEmail);
      await recordActivity(tx, actor, {
        action: 'account.email_change_requested',
        entity: 'user',
        entityId: user.id,
        changes: { email: { before: user.email, after: newEmail } },
      });
      return issued;
    });
    const link = `${deps.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    deps.background.run('email-change-mail', async () => {
      await deps.mailer.send(confirmEmailChangeMail(newEmail, user.firstName, link, ttlHours, user.language ?? DEFAULT_LOCALE));
      await deps.mailer.send(emailChangeNoticeMail(user.email, user.firstName, newEmail, 'requested', user.language ?? DEFAULT_LOCALE));
    });
    return getAccount(auth);
  };

  /** Single use; the address must still be free. The account signs in with the new address from now on. */
  const confirmEmailChange = async (token: string, ip: string): Promise<void> => {
    const changed = await db.transaction(async (tx) => {
      const stored = await authRepo.findOneTimeTokenForUpdate(tx, hashToken(token));
      const current = now();
      if (!stored || stored.purpose !== 'email_change' || stored.usedAt || stored.expiresAt <= current || !stored.newEmail) {
        throw new AppError('EMAIL_CHANGE_INVALID');
      }
      const user = await authRepo.findUserById(tx, stored.userId);
      if (!user || user.status === 'INACTIVE') throw new AppError('EMAIL_CHANGE_INVALID');
      if (await authRepo.findUserByEmail(tx, stored.newEmail)) throw new AppError('EMAIL_TAKEN');
      await authRepo.markOneTimeTokenUsed(tx, stored.id, current);
      await repo.setEmail(tx, user.id, stored.newEmail);
      const actor: Actor = { userId: user.id, email: stored.newEmail, userType: user.userType, ip };
      await recordActivity(tx, actor, {
        action: 'account.email_changed',
        entity: 'user',
        entityId: user.id,
        changes: { email: { before: user.email, after: stored.newEmail } },
      });
      return { user, newEmail: stored.newEmail };
    });
    deps.accessCache.invalidateUser(changed.user.id);
    deps.background.run('email-changed-mail', () =>
      deps.mailer.send(
        emailChangeNoticeMail(changed.user.email, changed.user.firstName, changed.newEmail, 'changed', changed.user.language ?? DEFAULT_LOCALE),
      ),
    );
  };

  /** Current password, the spec's rule (schema) and a strength check; every other sign-in ends. */
  const changePassword = async (auth: AuthContext, actor: Actor, body: { currentPassword: string; newPassword: string }): Promise<void> => {
    const user = await userOf(auth);
    if (user.authProvider !== 'password' || !user.passwordHash) throw new AppError('SSO_ACCOUNT');
    const passwordHash = await deps.passwordQueue.run(actor.ip, async () => {
      if (!(await verifyPassword(user.passwordHash!, body.currentPassword))) throw new AppError('CURRENT_PASSWORD_WRONG');
      if (body.newPassword === body.currentPassword) throw new AppError('PASSWORD_UNCHANGED');
      const strength = await checkPasswordStrength(body.newPassword, [user.email, user.firstName, user.lastName, 'wattdesk']);
      if (!strength.isStrongEnough)
        throw new AppError('PASSWORD_TOO_WEAK', { messages: [ERROR_CODES.PASSWORD_TOO_WEAK.message, ...strength.feedback] });
      return hashPassword(body.newPassword);
    });
    const ended = await db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, user.id, passwordHash);
      const endedIds = await authRepo.revokeSessionsOfUser(tx, user.id, 'password changed', now(), auth.sessionId);
      await recordActivity(tx, actor, {
        action: 'account.password_changed',
        entity: 'user',
        entityId: user.id,
        changes: { otherSessionsEnded: { before: null, after: endedIds.length } },
      });
      return endedIds;
    });
    for (const sessionId of ended) deps.accessCache.invalidateSession(sessionId);
    deps.background.run('password-changed-mail', () =>
      deps.mailer.send(passwordChangedMail(user.email, user.firstName, 'changed', `${deps.publicUrl}/`, user.language ?? DEFAULT_LOCALE)),
    );
  };

  const listSessions = async (auth: AuthContext): Promise<{ items: AccountSession[] }> => {
    const rows = await repo.listOpenSessions(db, auth.userId, now());
    return {
      items: rows.map((row) => ({
        id: row.id,
        device: deviceLabel(row.userAgent),
        ipAddress: row.ipAddress,
        signInMethod: row.signInMethod,
        signedInAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        isCurrent: row.id === auth.sessionId,
      })),
    };
  };

  const endSession = async (auth: AuthContext, actor: Actor, sessionId: string): Promise<void> => {
    await db.transaction(async (tx) => {
      if (!(await repo.revokeOwnSession(tx, auth.userId, sessionId, 'signed out from account settings', now())))
        throw new AppError('ACCOUNT_SESSION_NOT_FOUND');
      await recordActivity(tx, actor, { action: 'account.session_ended', entity: 'session', entityId: sessionId });
    });
    deps.accessCache.invalidateSession(sessionId);
  };

  const endOtherSessions = async (auth: AuthContext, actor: Actor): Promise<{ ended: number }> => {
    const ended = await db.transaction(async (tx) => {
      const ids = await authRepo.revokeSessionsOfUser(tx, auth.userId, 'signed out from account settings', now(), auth.sessionId);
      await recordActivity(tx, actor, {
        action: 'account.other_sessions_ended',
        entity: 'user',
        entityId: auth.userId,
        changes: { ended: { before: null, after: ids.length } },
      });
      return ids;
    });
    for (const sessionId of ended) deps.accessCache.invalidateSession(sessionId);
    return { ended: ended.length };
  };

  return {
    getAccount,
    updateProfile,
    setLanguage,
    requestEmailChange,
    confirmEmailChange,
    changePassword,
    listSessions,
    endSession,
    endOtherSessions,
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
