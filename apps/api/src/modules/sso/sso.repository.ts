import type { UserType } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from '../auth/auth.repository.ts';

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
