import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  authSessions,
  authThrottles,
  oneTimeTokens,
  refreshTokens,
  userLocations,
  users,
  type OneTimeTokenPurpose,
  type UserRow,
} from '../../db/schema/index.ts';
import type { SessionAccess } from '../../lib/access-cache.ts';

export type { UserRow };

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
};

export const findUserById = async (db: Executor, userId: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
};

export const locationIdsOfUser = async (db: Executor, userId: string): Promise<string[]> => {
  const rows = await db
    .select({ locationId: userLocations.locationId })
    .from(userLocations)
    .where(eq(userLocations.userId, userId))
    .orderBy(userLocations.createdAt, userLocations.locationId);
  return rows.map((row) => row.locationId);
};

/**
 * One query: the session, its user, and the user's locations. Runs on every cache miss. `at` is the app's
 * clock, which set `expires_at`: the database's own `now()` could disagree with it (a test's clock).
 */
export const loadSessionAccess = async (db: Executor, sessionId: string, at: Date): Promise<SessionAccess | null> => {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      userType: users.userType,
      status: users.status,
      revokedAt: authSessions.revokedAt,
      isExpired: sql<boolean>`${authSessions.expiresAt} <= ${at.toISOString()}::timestamptz`,
      locationIds: sql<
        string[]
      >`coalesce((select array_agg(${userLocations.locationId}::text) from ${userLocations} where ${userLocations.userId} = ${users.id}), '{}')`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    email: row.email,
    userType: row.userType,
    status: row.status,
    sessionRevoked: row.revokedAt !== null || row.isExpired,
    locationIds: row.locationIds,
  };
};

export const insertSession = async (
  db: Executor,
  values: {
    userId: string;
    deviceId: string | null;
    ipAddress: string;
    userAgent: string | null;
    signInMethod: string;
    lastUsedAt: Date;
    expiresAt: Date;
  },
): Promise<string> => {
  const [row] = await db.insert(authSessions).values(values).returning({ id: authSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
};

export const insertRefreshToken = async (db: Executor, values: { sessionId: string; tokenHash: string; expiresAt: Date }): Promise<void> => {
  await db.insert(refreshTokens).values(values);
};

/** Locks the token row so two refreshes with one token cannot both rotate it. */
export const findRefreshTokenForUpdate = async (db: Executor, tokenHash: string) => {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      sessionRevokedAt: authSessions.revokedAt,
      sessionExpiresAt: authSessions.expiresAt,
      sessionLastUsedAt: authSessions.lastUsedAt,
      deviceId: authSessions.deviceId,
      userId: authSessions.userId,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens })
    .limit(1);
  return row;
};

export const markRefreshTokenUsed = async (db: Executor, id: string, now: Date): Promise<void> => {
  await db.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, id));
};

/** A refresh is a use of the sign-in: the idle timeout counts from here, and the list shows it. */
export const touchSession = async (db: Executor, sessionId: string, at: Date, client: { ip: string; userAgent: string | null }): Promise<void> => {
  await db
    .update(authSessions)
    .set({ lastUsedAt: at, ipAddress: client.ip, ...(client.userAgent ? { userAgent: client.userAgent } : {}) })
    .where(eq(authSessions.id, sessionId));
};

export const revokeSession = async (db: Executor, sessionId: string, reason: string, now: Date): Promise<void> => {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
};

/** Ends every open sign-in of the user, or every one but `exceptSessionId`; answers the ended ids. */
export const revokeSessionsOfUser = async (db: Executor, userId: string, reason: string, now: Date, exceptSessionId?: string): Promise<string[]> => {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined))
    .returning({ id: authSessions.id });
  return rows.map((row) => row.id);
};

export const insertOneTimeToken = async (
  db: Executor,
  values: { userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date; newEmail?: string | null },
): Promise<void> => {
  await db.insert(oneTimeTokens).values(values);
};

/** Earlier links stop working when a new one is sent: only the newest e-mail is valid. */
export const expireUnusedTokens = async (db: Executor, userId: string, purpose: OneTimeTokenPurpose, now: Date) => {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
};

export const findOneTimeTokenForUpdate = async (db: Executor, tokenHash: string) => {
  const [row] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, tokenHash)).for('update').limit(1);
  return row;
};

/** Who a link belongs to, without locking: for checks made before the transaction that spends it. */
export const findOneTimeTokenHolder = async (db: Executor, tokenHash: string) => {
  const [row] = await db
    .select({ purpose: oneTimeTokens.purpose, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(eq(oneTimeTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
};

export const markOneTimeTokenUsed = async (db: Executor, id: string, now: Date): Promise<void> => {
  await db.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.id, id));
};

export const setPassword = async (db: Executor, userId: string, passwordHash: string): Promise<void> => {
  await db
    .update(users)
    .set({ passwordHash, status: sql`case when ${users.status} = 'PENDING' then 'ACTIVE' else ${users.status} end` })
    .where(eq(users.id, userId));
};

/** Only if the hash is still the one verified: a password changed meanwhile is not overwritten. */
export const replacePasswordHash = async (db: Executor, userId: string, verifiedHash: string, passwordHash: string): Promise<void> => {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, verifiedHash)));
};

export type ThrottleRow = typeof authThrottles.$inferSelect;

export const findThrottle = async (db: Executor, key: string): Promise<ThrottleRow | undefined> => {
  const [row] = await db.select().from(authThrottles).where(eq(authThrottles.key, key)).limit(1);
  return row;
};

/**
 * Counts one failure atomically. A lock that has run out, or a last failure older than `resetBefore`,
 * starts a fresh count; reaching `lockAfter` failures sets a new lock.
 */
export const recordThrottleFailure = async (
  db: Executor,
  key: string,
  now: Date,
  policy: { lockAfter: number; lockUntil: Date; resetBefore: Date },
): Promise<ThrottleRow> => {
  const { lockAfter, lockUntil, resetBefore } = policy;
  const expiredLock = sql`(${authThrottles.lockedUntil} is not null and ${authThrottles.lockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const stale = sql`(${authThrottles.lockedUntil} is null and ${authThrottles.lastFailureAt} < ${resetBefore.toISOString()}::timestamptz)`;
  const nextFailures = sql`case when ${expiredLock} or ${stale} then 1 else ${authThrottles.failures} + 1 end`;
  const [row] = await db
    .insert(authThrottles)
    .values({ key, failures: 1, lastFailureAt: now, lockedUntil: lockAfter <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        failures: nextFailures,
        lastFailureAt: now,
        lockedUntil: sql`case when ${nextFailures} >= ${lockAfter} then ${lockUntil.toISOString()}::timestamptz when ${expiredLock} or ${stale} then null else ${authThrottles.lockedUntil} end`,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('throttle upsert returned nothing');
  return row;
};

/**
 * Counts an attempt before its password is checked, in one statement: the row lock decides, so parallel
 * attempts cannot all slip past the back-off. Answers undefined when the attempt must wait (locked, or
 * inside the back-off window); a later success deletes the row.
 */
export const admitThrottledAttempt = async (
  db: Executor,
  key: string,
  now: Date,
  policy: { backoffAfter: number; maxBackoffSeconds: number; lockAfter: number; lockUntil: Date; resetBefore: Date },
): Promise<ThrottleRow | undefined> => {
  const at = sql`${now.toISOString()}::timestamptz`;
  const t = authThrottles;
  const fresh = sql`((${t.lockedUntil} is not null and ${t.lockedUntil} <= ${at}) or (${t.lockedUntil} is null and ${t.lastFailureAt} < ${policy.resetBefore.toISOString()}::timestamptz))`;
  const locked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${at})`;
  const waiting = sql`(${t.lockedUntil} is null and ${t.failures} >= ${policy.backoffAfter} and ${t.lastFailureAt} + make_interval(secs => least(power(2, ${t.failures} - ${policy.backoffAfter}), ${policy.maxBackoffSeconds})) > ${at})`;
  const nextFailures = sql`case when ${fresh} then 1 else ${t.failures} + 1 end`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, lastFailureAt: now, lockedUntil: policy.lockAfter <= 1 ? policy.lockUntil : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: nextFailures,
        lastFailureAt: now,
        lockedUntil: sql`case when ${nextFailures} >= ${policy.lockAfter} then ${policy.lockUntil.toISOString()}::timestamptz when ${fresh} then null else ${t.lockedUntil} end`,
        updatedAt: now,
      },
      setWhere: sql`${fresh} or not (${locked} or ${waiting})`,
    })
    .returning();
  return row;
};

export const clearThrottle = async (db: Executor, key: string): Promise<void> => {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
};

export const clearThrottlesWithPrefix = async (db: Executor, prefix: string): Promise<void> => {
  await db.delete(authThrottles).where(sql`starts_with(${authThrottles.key}, ${prefix})`);
};
