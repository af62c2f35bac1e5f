import type { UserType } from '@wattdesk/shared';
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { usedSsoTokens, users, type UserRow } from '../../db/schema/index.ts';

export type WorkforceProfile = {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  userType: UserType;
};

export const findUserByEmailForUpdate = async (db: Executor, email: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.email, email)).for('update').limit(1);
  return row;
};

/** First sign-in creates the row; every sign-in brings names and type in line with the directory. */
export const upsertWorkforceUser = async (db: Executor, profile: WorkforceProfile): Promise<UserRow> => {
  const [row] = await db
    .insert(users)
    .values({ ...profile, authProvider: 'workforce', status: 'ACTIVE', passwordHash: null })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firstName: profile.firstName,
        lastName: profile.lastName,
        userType: profile.userType,
        authProvider: 'workforce',
        // The directory decides from now on: an old local password must not open the account any more.
        passwordHash: null,
        ...(profile.phoneNumber ? { phoneNumber: profile.phoneNumber } : {}),
      },
    })
    .returning();
  if (!row) throw new Error('workforce user upsert returned nothing');
  return row;
};

/**
 * Remembers an exchanged token (by hash) until it expires; false when it was exchanged before. Expired
 * entries are swept on the way, so the table holds at most the tokens of the last few minutes.
 */
export const spendToken = async (db: Executor, tokenHash: string, expiresAt: Date, now: Date): Promise<boolean> => {
  await db.delete(usedSsoTokens).where(lt(usedSsoTokens.expiresAt, now));
  const rows = await db
    .insert(usedSsoTokens)
    .values({ tokenHash, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: usedSsoTokens.tokenHash });
  return rows.length > 0;
};
