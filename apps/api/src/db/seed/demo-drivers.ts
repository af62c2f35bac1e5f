import type { AccountStatus, MenuRole } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { driverAccessSettings, drivers, idTags, users } from '../schema/index.ts';
import { demoEmail } from './demo-users.ts';

type DemoDriver = {
  location: string;
  firstName: string;
  lastName: string;
  status: AccountStatus;
  role?: MenuRole;
  /** E-mail local part of the main user, for a sub-user. */
  main?: string;
  tags: string[];
  restrictions?: Partial<typeof drivers.$inferInsert>;
};

/** A few drivers per San Francisco location: a family account, a fleet driver with limits, one inactive. */
const DEMO_DRIVERS: readonly DemoDriver[] = [
  { location: 'sf-embarcadero', firstName: 'Maya', lastName: 'Patel', status: 'ACTIVE', tags: ['04A1B2C3D4'] },
  { location: 'sf-embarcadero', firstName: 'Leo', lastName: 'Patel', status: 'ACTIVE', role: 'sub-user', main: 'maya.patel', tags: ['04A1B2C3D5'] },
  {
    location: 'sf-embarcadero',
    firstName: 'Omar',
    lastName: 'Haddad',
    status: 'ACTIVE',
    tags: ['FLEET-0001'],
    restrictions: { allowedDays: 'weekdays', hourFrom: 7, hourTo: 19, maxKwhPerSession: 40, maxSessionsPerDay: 2 },
  },
  { location: 'sf-embarcadero', firstName: 'Ines', lastName: 'Costa', status: 'INACTIVE', tags: ['04FF00AA11'] },
  { location: 'sf-mission-bay', firstName: 'Sam', lastName: 'Taylor', status: 'PENDING', tags: [] },
  {
    location: 'sf-mission-bay',
    firstName: 'Hana',
    lastName: 'Kim',
    status: 'ACTIVE',
    tags: ['04BEEF0001'],
    restrictions: { expiresOn: '2026-12-31' },
  },
  { location: 'sf-civic-center', firstName: 'Ravi', lastName: 'Menon', status: 'ACTIVE', tags: ['04CAFE0002'] },
];

const emailOf = (driver: Pick<DemoDriver, 'firstName' | 'lastName'>) => `${driver.firstName}.${driver.lastName}@example.com`.toLowerCase();

export const seedDrivers = async (tx: Executor, locationIds: Map<string, string>) => {
  // Demo locations accept tags no driver has (free vend), so `npm run simulate` charges out of the box.
  await tx.insert(driverAccessSettings).values([...locationIds.values()].map((locationId) => ({ locationId, acceptUnknownTags: true })));
  const ids = new Map<string, string>();
  for (const demo of DEMO_DRIVERS) {
    const email = emailOf(demo);
    const [user] = await tx
      .insert(users)
      .values({ email, firstName: demo.firstName, lastName: demo.lastName, userType: 'Driver', status: demo.status })
      .returning({ id: users.id });
    ids.set(email.split('@')[0]!, user!.id);
    const mainDriverId = demo.main ? ids.get(demo.main)! : null;
    await tx
      .insert(drivers)
      .values({ userId: user!.id, locationId: locationIds.get(demo.location)!, role: demo.role ?? 'user', mainDriverId, ...demo.restrictions });
    if (demo.tags.length) await tx.insert(idTags).values(demo.tags.map((tag) => ({ tag, driverId: user!.id })));
  }
  // The demo Driver account (README) is a driver of its location too, with an app token.
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('Driver')));
  if (account) {
    await tx.insert(drivers).values({ userId: account.id, locationId: locationIds.get('sf-embarcadero')! });
    await tx.insert(idTags).values({ tag: 'APP-CHRIS-MORGAN', kind: 'app', driverId: account.id });
  }
};
