import { randomUUID } from 'node:crypto';
import type { Executor } from '../client.ts';
import { bulkInsert } from './bulk-insert.ts';
import { DEMO_LOCATIONS } from './demo-locations.ts';

/** Regulars per location: enough that the dashboard's unique drivers look like a network, few enough to know by name. */
const PER_LOCATION = 8;

const FIRST = ['Ava', 'Ben', 'Carla', 'Deepak', 'Elena', 'Felix', 'Grace', 'Hiro', 'Isla', 'Jonah', 'Keisha', 'Luis'] as const;
const LAST = ['Nguyen', 'Okoro', 'Schmidt', 'Alvarez', 'Brennan', 'Yamada', 'Dubois', 'Kowalski', 'Moreau', 'Singh', 'Reyes'] as const;

/** A demo driver the seeded sessions and the simulator charge as: its account id and its RFID card. */
export type PoolDriver = { driverId: string; idTag: string };

/**
 * Named drivers at every demo location, each with one RFID card (issue 39: the 90-day history charged 183 tags no
 * driver had, at 3 of 9 locations with drivers). The history's sessions and SIMULATE_CHARGERS charge as them, so the
 * dashboard's unique drivers are these drivers. Three statements for all of them, as the history's rows go.
 */
export const seedDriverPool = async (tx: Executor, locationIds: Map<string, string>): Promise<Map<string, PoolDriver[]>> => {
  const users: Record<string, unknown>[] = [];
  const drivers: Record<string, unknown>[] = [];
  const tags: Record<string, unknown>[] = [];
  const pool = new Map<string, PoolDriver[]>();
  for (const [index, demo] of DEMO_LOCATIONS.entries()) {
    const locationId = locationIds.get(demo.key)!;
    const here: PoolDriver[] = [];
    for (let n = 0; n < PER_LOCATION; n += 1) {
      const seq = index * PER_LOCATION + n;
      const firstName = FIRST[seq % FIRST.length]!;
      const lastName = LAST[(seq * 7 + index) % LAST.length]!;
      const driverId = randomUUID();
      // Card UIDs as RFID readers report them (7-byte hex), unique by location and number.
      const idTag = `04D${String(index + 1).padStart(2, '0')}${String(n + 1).padStart(3, '0')}A0B1C2`.slice(0, 14);
      users.push({
        id: driverId,
        email: `${firstName}.${lastName}.${demo.key}@example.com`.toLowerCase(),
        first_name: firstName,
        last_name: lastName,
        user_type: 'Driver',
        status: 'ACTIVE',
      });
      drivers.push({ user_id: driverId, location_id: locationId });
      tags.push({ tag: idTag, driver_id: driverId });
      here.push({ driverId, idTag });
    }
    pool.set(locationId, here);
  }
  await bulkInsert(tx, 'users', { id: 'uuid', email: 'text', first_name: 'text', last_name: 'text', user_type: 'text', status: 'text' }, users);
  await bulkInsert(tx, 'drivers', { user_id: 'uuid', location_id: 'uuid' }, drivers);
  await bulkInsert(tx, 'id_tags', { tag: 'text', driver_id: 'uuid' }, tags);
  return pool;
};
