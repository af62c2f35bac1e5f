import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/client.ts';
import { userLocations, users } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-users.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { NewUser } from './access-examples.ts';

let demoHash: Promise<string> | undefined;

/** Makes accounts for tests to act on: ACTIVE with the demo password unless told otherwise. */
export const createAccountFactory =
  (db: Database) =>
  async (user: NewUser & { email?: string }): Promise<string> => {
    demoHash ??= hashPassword(DEMO_PASSWORD);
    const withPassword = user.withPassword ?? true;
    const [row] = await db
      .insert(users)
      .values({
        email: user.email ?? `account-${randomUUID()}@example.com`,
        passwordHash: withPassword ? await demoHash : null,
        firstName: 'Test',
        lastName: 'Account',
        userType: user.userType,
        status: user.status ?? 'ACTIVE',
      })
      .returning({ id: users.id });
    const locationIds = user.locationIds ?? [];
    if (locationIds.length) await db.insert(userLocations).values(locationIds.map((locationId) => ({ userId: row!.id, locationId })));
    return row!.id;
  };
