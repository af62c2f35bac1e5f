import { DEFAULT_LOCALE, type Locale } from '@wattdesk/shared';
import type { Executor } from '../../db/client.ts';
import type { OneTimeTokenPurpose, UserRow } from '../../db/schema/index.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';

/**
 * What other modules (administrators, single sign-on) may do to an account, inside their own transaction:
 * the auth module keeps the tables of sessions and one-time links to itself.
 */
/** The access hook's look-up of a session: its user, type, locations and permissions, or null once ended. */
export const loadSessionAccess = repo.loadSessionAccess;

export const findUserById = (tx: Executor, userId: string): Promise<UserRow | undefined> => repo.findUserById(tx, userId);
/** Who sends an invitation, as the mail names them. */
export type Inviter = { name: string | null; locale: Locale };

/** The inviter of a new account: their name, and the language the invitation is written in — theirs, the invitee has none yet. */
export const inviterOf = async (tx: Executor, userId: string): Promise<Inviter> => {
  const user = await repo.findUserById(tx, userId);
  return { name: user ? `${user.firstName} ${user.lastName}` : null, locale: user?.language ?? DEFAULT_LOCALE };
};
export const findUserByEmail = (tx: Executor, email: string): Promise<UserRow | undefined> => repo.findUserByEmail(tx, email);

/** Signs the user out everywhere: every open session ends and its refresh tokens stop working. */
export const endAllSessions = (tx: Executor, userId: string, reason: string, at: Date): Promise<string[]> =>
  repo.revokeSessionsOfUser(tx, userId, reason, at);

/** Spends earlier unused links of this purpose and makes a new one; answers the token to put in the link. */
export const issueOneTimeLink = async (
  tx: Executor,
  userId: string,
  purpose: OneTimeTokenPurpose,
  at: Date,
  ttlMs: number,
  newEmail: string | null = null,
): Promise<string> => {
  await repo.expireUnusedTokens(tx, userId, purpose, at);
  const token = newOpaqueToken();
  await repo.insertOneTimeToken(tx, { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + ttlMs), newEmail });
  return token;
};

/** A deactivated account: no session, and no invitation or reset link left that could bring it back. */
export const closeAccountAccess = async (tx: Executor, userId: string, reason: string, at: Date): Promise<void> => {
  await repo.revokeSessionsOfUser(tx, userId, reason, at);
  await repo.expireUnusedTokens(tx, userId, 'invite', at);
  await repo.expireUnusedTokens(tx, userId, 'reset', at);
  await repo.expireUnusedTokens(tx, userId, 'email_change', at);
};
