import type { AccountStatus, MenuRole } from '@wattdesk/shared';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Executor } from '../src/db/client.ts';
import { drivers, idTags, users } from '../src/db/schema/index.ts';

export type DriverFixture = {
  status?: AccountStatus;
  role?: MenuRole;
  mainDriverId?: string;
  tags?: string[];
  restrictions?: Partial<typeof drivers.$inferInsert>;
};

export const newTag = () => `T${randomBytes(6).toString('hex').toUpperCase()}`;

/** A driver made directly in the database (ACTIVE unless told otherwise), for examples and tests that change one. */
export const makeDriver = async (db: Executor, locationId: string, fixture: DriverFixture = {}): Promise<string> => {
  const [user] = await db
    .insert(users)
    .values({
      email: `driver-${randomUUID()}@example.com`,
      firstName: 'Fixture',
      lastName: 'Driver',
      userType: 'Driver',
      status: fixture.status ?? 'ACTIVE',
    })
    .returning({ id: users.id });
  await db.insert(drivers).values({
    userId: user!.id,
    locationId,
    role: fixture.role ?? 'user',
    mainDriverId: fixture.mainDriverId ?? null,
    ...fixture.restrictions,
  });
  if (fixture.tags?.length) await db.insert(idTags).values(fixture.tags.map((tag) => ({ tag, driverId: user!.id })));
  return user!.id;
};
