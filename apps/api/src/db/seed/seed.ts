import { CHARGER_KINDS, DEMO_CHARGER_PASSWORD, type ConnectorStatus, type LastKnownStatus } from '@wattdesk/shared';
import { inArray, sql } from 'drizzle-orm';
import { newAccessCode } from '../../lib/access-code.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashChargerPassword } from '../../lib/charger-password.ts';
import { refreshChargerStatuses } from '../charger-status.ts';
import type { Database, Executor, Transaction } from '../client.ts';
import { agreements, chargers, connectorStates, defaultSessionFees, locations, tariffVersions, userLocations, users } from '../schema/index.ts';
import { seedDemoLedger } from './demo-ledger.ts';
import { DEMO_HISTORY_DAYS, seedDemoHistory } from './demo-history.ts';
import { seedDemoSessions } from './demo-sessions.ts';
import { DEMO_DEFAULT_SESSION_FEE, demoTariffFor } from './demo-tariffs.ts';
import { DEMO_CHARGER_MODELS, DEMO_LOCATIONS, type DemoLocation } from './demo-locations.ts';
import { seedDrivers } from './demo-drivers.ts';
import { seedDriverPool, type PoolDriver } from './demo-driver-pool.ts';
import { seedDemoAreas } from './demo-areas.ts';
import { seedDemoRoaming } from './demo-roaming.ts';
import { seedCompany } from './demo-company.ts';
import { seedLicenses } from './demo-licenses.ts';
import { DEMO_AGREEMENT_TOKEN } from './demo-guard.ts';
import { DEMO_PASSWORD, DEMO_SSO_USERS, DEMO_USERS, demoEmail } from './demo-users.ts';

/**
 * A plausible mix of what the demo chargers last reported: mostly available, some charging, a few needing
 * attention, one in eight never connected. None is connected until the simulator connects it (SIMULATE_CHARGERS),
 * so each shows offline with this as its last known status (decision 010).
 */
const DEMO_STATUS_CYCLE: readonly (LastKnownStatus | 'never reported')[] = [
  'available',
  'available',
  'charging',
  'available',
  'never reported',
  'charging',
  'maintenance',
  'faulted',
];

/** The connector reports behind each last known status: connector 0 is the charger as a whole. */
const DEMO_REPORTS: Record<LastKnownStatus, [ConnectorStatus, ConnectorStatus, string]> = {
  available: ['Available', 'Available', 'NoError'],
  charging: ['Available', 'Charging', 'NoError'],
  faulted: ['Available', 'Faulted', 'GroundFailure'],
  maintenance: ['Unavailable', 'Unavailable', 'NoError'],
};

const demoChargers = (location: DemoLocation, locationId: string, index: number, ocppPasswordHash: string) =>
  Array.from({ length: location.chargers }, (_, n) => {
    const kind = CHARGER_KINDS[(index + n) % CHARGER_KINDS.length]!;
    const chargerId = `WD-${location.key.toUpperCase()}-${String(n + 1).padStart(2, '0')}`;
    const reported = DEMO_STATUS_CYCLE[(index * 3 + n) % DEMO_STATUS_CYCLE.length]!;
    return {
      chargerId,
      locationId,
      name: `Bay ${n + 1}`,
      thingName: `thing-${chargerId.toLowerCase()}`,
      kind,
      ...DEMO_CHARGER_MODELS[kind],
      serialNumber: `SN${String(index + 1).padStart(2, '0')}${String(n + 1).padStart(4, '0')}`,
      availability: reported === 'maintenance' ? ('inoperative' as const) : ('operative' as const),
      ocppPasswordHash,
      lastSeenAt: new Date(Date.now() - ((index + n) % 7) * 3_600_000),
      // Until a simulator connects it (SIMULATE_CHARGERS), offline is all a demo charger can be: not news.
      demoNotConnected: true,
      reported,
    };
  });

/** The chargers, what they last reported, and their status derived from it as the OCPP server derives it. */
const seedChargers = async (tx: Transaction, rows: ReturnType<typeof demoChargers>, locationId: string) => {
  const created = await tx
    .insert(chargers)
    .values(rows.map(({ reported: _, ...row }) => row))
    .returning({ id: chargers.id, chargerId: chargers.chargerId });
  const reports = rows.flatMap(({ chargerId, reported, lastSeenAt }) => {
    if (reported === 'never reported') return [];
    const id = created.find((row) => row.chargerId === chargerId)!.id;
    const [main, connector, errorCode] = DEMO_REPORTS[reported];
    return [
      { chargerId: id, connectorId: 0, status: main, errorCode: 'NoError', reportedAt: lastSeenAt },
      { chargerId: id, connectorId: 1, status: connector, errorCode, reportedAt: lastSeenAt },
    ];
  });
  if (reports.length) await tx.insert(connectorStates).values(reports);
  await refreshChargerStatuses(tx, sql`c.location_id = ${locationId}`);
};

const seedLocations = async (tx: Transaction): Promise<Map<string, string>> => {
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
        currency: 'USD',
        sessionFee: demoTariffFor(index).ownSessionFee,
        idleFeesOptions: demoTariffFor(index).tariff.idleFee,
        violationRules: demoTariffFor(index).tariff.violationRules,
        // No plan until the host activates one (Subscription menu): a plan exists only with the provider's subscription.
        subscription: null,
      })
      .returning({ id: locations.id });
    ids.set(demo.key, row!.id);
    await seedChargers(tx, demoChargers(demo, row!.id, index, chargerPasswordHash), row!.id);
  }
  return ids;
};

type DemoPricing = { versionId: string; tariff: ReturnType<typeof demoTariffFor>['tariff']; timeZone: string };

/**
 * Rates from a month ago at every location (from before the history when there is one), and a week of priced
 * sessions at all but one (tests count that one's). The history is for people, not tests: only `npm start` asks for it.
 */
const seedPricing = async (tx: Executor, locationIds: Map<string, string>, pool: Map<string, PoolDriver[]> | undefined) => {
  const history = pool !== undefined;
  await tx.insert(defaultSessionFees).values({ currency: 'USD', amount: DEMO_DEFAULT_SESSION_FEE });
  const versions = new Map<string, DemoPricing>();
  for (const [index, demo] of DEMO_LOCATIONS.entries()) {
    const locationId = locationIds.get(demo.key)!;
    const { tariff, ownSessionFee } = demoTariffFor(index);
    const [version] = await tx
      .insert(tariffVersions)
      .values({
        locationId,
        effectiveFrom: new Date(Date.now() - (history ? DEMO_HISTORY_DAYS + 1 : 30) * 86_400_000),
        currency: tariff.currency,
        periods: [...tariff.periods],
        sessionFee: tariff.sessionFee,
        sessionFeeIsDefault: ownSessionFee === null,
        idleFee: tariff.idleFee,
        violationRules: tariff.violationRules,
        createdBy: null,
      })
      .returning({ id: tariffVersions.id });
    versions.set(locationId, { versionId: version!.id, tariff, timeZone: demo.timeZone });
  }
  const withSessions = DEMO_LOCATIONS.filter((demo) => demo.key !== 'oak-lake-merritt').map((demo) => locationIds.get(demo.key)!);
  const rows = await tx.select({ id: chargers.id, locationId: chargers.locationId, name: chargers.name }).from(chargers);
  const picked = rows.filter((row) => withSessions.includes(row.locationId) && ['Bay 2', 'Bay 3', 'Bay 6'].includes(row.name));
  await seedDemoSessions(tx, picked, (locationId) => versions.get(locationId)!, pool);
  if (pool) await seedHistory(tx, versions, pool);
  // The ledger last, so the history's sessions are split too (the reseller card and payouts read it).
  const withSessionRows = await tx
    .select({ id: locations.id, hasReseller: locations.hasReseller })
    .from(locations)
    .where(history ? undefined : inArray(locations.id, withSessions));
  await seedDemoLedger(tx, withSessionRows);
};

const seedHistory = async (tx: Executor, versions: Map<string, DemoPricing>, pool: Map<string, PoolDriver[]>) => {
  const fleet = await tx
    .select({
      id: chargers.id,
      locationId: chargers.locationId,
      kind: chargers.kind,
      connectorTypes: chargers.connectorTypes,
      status: chargers.status,
      lastSeenAt: chargers.lastSeenAt,
    })
    .from(chargers);
  await seedDemoHistory(tx, fleet, (locationId) => versions.get(locationId)!, pool);
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
    tokenId: DEMO_AGREEMENT_TOKEN,
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

/**
 * Seeds the demo network on an empty database; a database with any user is left alone. `history`: the demo for
 * people (npm start): named drivers at every location, three months of their sessions and charger status for the
 * dashboard; tests start without it (their files count the smaller network).
 */
export const seedDemoDataIfEmpty = async (db: Database, { history = false }: { history?: boolean } = {}): Promise<boolean> => {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    const locationIds = await seedLocations(tx);
    await seedUsers(tx, locationIds);
    await seedSsoUsers(tx, locationIds);
    await seedAgreement(tx, locationIds);
    await seedCompany(tx, locationIds);
    await seedDrivers(tx, locationIds);
    // Drivers before sessions: the full demo's sessions are its drivers' (issue 39).
    const pool = history ? await seedDriverPool(tx, locationIds) : undefined;
    await seedPricing(tx, locationIds, pool);
    // After the ledger: the payouts pay out part of what the sessions earned.
    if (pool) await seedDemoAreas(tx, locationIds, pool);
    // Last: the chargers' status reports are in, so publishing queues nothing (and no partner is CONNECTED).
    if (pool) await seedDemoRoaming(tx, locationIds);
    await seedLicenses(tx, locationIds);
  });
  return true;
};
