import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Locale } from '@wattdesk/shared';
import type { Executor } from '../../db/client.ts';
import { authSessions, oneTimeTokens, users } from '../../db/schema/index.ts';

export type SessionRow = Pick<
  typeof authSessions.$inferSelect,
  'id' | 'userAgent' | 'ipAddress' | 'signInMethod' | 'createdAt' | 'lastUsedAt' | 'expiresAt'
>;

/** Open sign-ins of a user, most recently used first. */
export const listOpenSessions = async (db: Executor, userId: string, now: Date): Promise<SessionRow[]> =>
  db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ipAddress: authSessions.ipAddress,
      signInMethod: authSessions.signInMethod,
      createdAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)))
    .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.createdAt))
    .limit(200);

/** Ends one open sign-in of this user; false when it is not theirs or already ended. */
export const revokeOwnSession = async (db: Executor, userId: string, sessionId: string, reason: string, at: Date): Promise<boolean> => {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length > 0;
};

export const updateProfile = async (db: Executor, userId: string, values: { firstName: string; lastName: string; phoneNumber?: string | null }) => {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
};

export const setEmail = async (db: Executor, userId: string, email: string): Promise<void> => {
  await db.update(users).set({ email }).where(eq(users.id, userId));
};

export const setPasswordHash = async (db: Executor, userId: string, passwordHash: string): Promise<void> => {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
};

/** The address of the newest unused, unexpired e-mail change link, if any. */
export const pendingEmailChange = async (db: Executor, userId: string, now: Date): Promise<string | null> => {
  const [row] = await db
    .select({ newEmail: oneTimeTokens.newEmail })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'email_change'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
};

export const setLanguage = async (db: Executor, userId: string, language: Locale): Promise<void> => {
  await db.update(users).set({ language }).where(eq(users.id, userId));
};
