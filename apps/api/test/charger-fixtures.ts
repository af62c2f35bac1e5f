import { randomBytes } from 'node:crypto';
import type { Executor } from '../src/db/client.ts';
import { chargers, chargingSessions, locations, meterSamples, userLocations } from '../src/db/schema/index.ts';

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/** A charger made directly in the database, for an example or a test that changes one. */
export const makeCharger = async (db: Executor, locationId: string): Promise<string> => {
  const chargerId = `WD-FIX-${unique()}`;
  const [row] = await db
    .insert(chargers)
    .values({ chargerId, locationId, name: `Fixture ${chargerId}`, thingName: `thing-${chargerId.toLowerCase()}`, kind: 'smart' })
    .returning({ id: chargers.id });
  return row!.id;
};

/** An empty location, added to the user's list when they have one. */
export const makeEmptyLocation = async (db: Executor, userId: string, scoped: boolean): Promise<string> => {
  const [row] = await db
    .insert(locations)
    .values({
      name: `Fixture Lot ${unique()}`,
      addressLine1: '1 Fixture Way',
      city: 'Alameda',
      zipCode: '94501',
      state: 'CA',
      lng: -122.28,
      lat: 37.78,
      accessCode: '123456',
    })
    .returning({ id: locations.id });
  if (scoped) await db.insert(userLocations).values({ userId, locationId: row!.id });
  return row!.id;
};

export const newChargerId = () => `WD-NEW-${unique()}`;

/** A finished charging session with two meter samples, on a new charger of the location. */
export const makeSession = async (db: Executor, locationId: string): Promise<string> => {
  const chargerId = await makeCharger(db, locationId);
  const startedAt = new Date('2026-11-20T17:00:00Z');
  const [session] = await db
    .insert(chargingSessions)
    .values({
      chargerId,
      locationId,
      connectorId: 1,
      idTag: 'DRIVER-FIXTURE',
      status: 'completed',
      startedAt,
      stoppedAt: new Date('2026-11-20T18:00:00Z'),
      meterStartWh: 1000,
      meterLastWh: 8200,
      meterStopWh: 8200,
      stopReason: 'Local',
    })
    .returning({ id: chargingSessions.id });
  await db.insert(meterSamples).values([
    { sessionId: session!.id, sampledAt: new Date('2026-11-20T17:30:00Z'), energyWh: 4600, powerW: 7200 },
    { sessionId: session!.id, sampledAt: new Date('2026-11-20T18:00:00Z'), energyWh: 8200, powerW: 7100 },
  ]);
  return session!.id;
};
