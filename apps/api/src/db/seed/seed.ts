import { CHARGER_KINDS, DEMO_CHARGER_PASSWORD, type ChargerStatus } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { newAccessCode } from '../../lib/access-code.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashChargerPassword } from '../../modules/ocpp/charger-password.ts';
import type { Database, Executor } from '../client.ts';
import { agreements, chargers, locations, userLocations, users } from '../schema/index.ts';
import { DEMO_CHARGER_MODELS, DEMO_LOCATIONS, type DemoLocation } from './demo-locations.ts';
import { DEMO_PASSWORD, DEMO_SSO_USERS, DEMO_USERS, demoEmail } from './demo-users.ts';

/** A plausible mix: mostly available, some charging, a few needing attention. */
const DEMO_STATUS_CYCLE: readonly ChargerStatus[] = ['available', 'available', 'charging', 'available', 'offline', 'charging', 'maintenance', 'faulted'];


const demoChargers = (location: DemoLocation, locationId: string, index: number, ocppPasswordHash: string) =>
  Array.from({ length: location.chargers }, (_, n) => {
    const kind = CHARGER_KINDS[(index + n) % CHARGER_KINDS.length]!;
    const chargerId = `WD-${location.key.toUpperCase()}-${String(n + 1).padStart(2, '0')}`;
    const status = DEMO_STATUS_CYCLE[(index * 3 + n) % DEMO_STATUS_CYCLE.length]!;
    return {
      chargerId,
      locationId,
      name: `Bay ${n + 1}`,
      thingName: `thing-${chargerId.toLowerCase()}`,
      kind,
      ...DEMO_CHARGER_MODELS[kind],
      serialNumber: `SN${String(index + 1).padStart(2, '0')}${String(n + 1).padStart(4, '0')}`,
      status,
      availability: status === 'maintenance' ? ('inoperative' as const) : ('operative' as const),
      ocppPasswordHash,
      lastSeenAt: new Date(Date.now() - ((index + n) % 7) * 3_600_000),
    };
  });

const seedLocations = async (tx: Executor): Promise<Map<string, string>> => {
  // One hash for all: every demo charger shares the documented demo password.
  const chargerPasswordHash = await hashChargerPassword(DEMO_CHARGER_PASSWORD);
  const ids = new Map<string, string>();
  for (const [index, demo] of DEMO_LOCATIONS.entries()) {
    const [row] = await tx
      .insert(locations)
      .values({
        name: demo.name,
        addressLine1: demo.addressLine1,
        addressLine2: demo.addressLine2 ?? '',
        city: demo.city,
        zipCode: demo.zipCode,
        state: demo.state,
        lng: demo.lng,
        lat: demo.lat,
        timeZone: demo.timeZone,
        accessCode: newAccessCode(),
        hasReseller: demo.hasReseller ?? false,
        sessionFee: 0.5,
        defaultSessionFee: 0.5,
        subscription: { plan: index % 3 === 0 ? 'Pro' : 'Standard', status: 'active', renewsOn: '2027-01-01' },
      })
      .returning({ id: locations.id });
    ids.set(demo.key, row!.id);
    await tx.insert(chargers).values(demoChargers(demo, row!.id, index, chargerPasswordHash));
  }
  return ids;
};

const seedUsers = async (tx: Executor, locationIds: Map<string, string>) => {
  // Every demo account shares the published demo password, so one hash serves them all.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    const [row] = await tx
      .insert(users)
      .values({
        email: demoEmail(demo.type),
        passwordHash,
        firstName: demo.firstName,
        lastName: demo.lastName,
        phoneNumber: demo.phoneNumber,
        userType: demo.type,
        status: 'ACTIVE',
      })
      .returning({ id: users.id });
    const links = demo.locations.map((key) => ({ userId: row!.id, locationId: locationIds.get(key)! }));
    if (links.length) await tx.insert(userLocations).values(links);
  }
};

/** Single sign-on accounts have no password: the identity provider vouches for them. */
const seedSsoUsers = async (tx: Executor, locationIds: Map<string, string>) => {
  for (const demo of DEMO_SSO_USERS) {
    const [row] = await tx
      .insert(users)
      .values({
        email: demo.email,
        passwordHash: null,
        firstName: demo.firstName,
        lastName: demo.lastName,
        phoneNumber: demo.phoneNumber,
        userType: demo.type,
        status: 'ACTIVE',
        authProvider: demo.authProvider,
      })
      .returning({ id: users.id });
    await tx.insert(userLocations).values(demo.locations.map((key) => ({ userId: row!.id, locationId: locationIds.get(key)! })));
  }
};

const seedAgreement = async (tx: Executor, locationIds: Map<string, string>) => {
  const demo = DEMO_LOCATIONS[0]!;
  await tx.insert(agreements).values({
    tokenId: 'demo-agreement',
    locationId: locationIds.get(demo.key)!,
    accountName: 'Embarcadero Properties LLC',
    propertyName: demo.name,
    street: demo.addressLine1,
    city: demo.city,
    state: demo.state,
    zip: demo.zipCode,
    signerName: 'Jordan Lee',
    signerEmail: 'jordan.lee@example.com',
    status: 'sent',
    expiresAt: new Date(Date.now() + 365 * 86_400_000),
    sentAt: new Date(),
    sendCount: 1,
  });
};

/** Seeds the demo network on an empty database; a database with any user is left alone. */
export const seedDemoDataIfEmpty = async (db: Database): Promise<boolean> => {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    const locationIds = await seedLocations(tx);
    await seedUsers(tx, locationIds);
    await seedSsoUsers(tx, locationIds);
    await seedAgreement(tx, locationIds);
  });
  return true;
};
