import { CHARGER_STATUSES, type ChargerStatus } from '@wattdesk/shared';
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers, locations } from '../../db/schema/index.ts';

/** One count per charger status, from the catalogue's list: a status added there is counted here too. */
const statusCountColumns = Object.fromEntries(
  CHARGER_STATUSES.map((status) => [status, sql<number>`(count(${chargers.id}) filter (where ${chargers.status} = ${status}))::int`]),
) as Record<ChargerStatus, SQL<number>>;

export type NetworkMapRow = {
  locationId: string;
  name: string;
  city: string;
  lat: number;
  lng: number;
  timeZone: string;
  total: number;
} & Record<ChargerStatus, number>;

/**
 * Every location in scope (undefined: all) with its chargers counted by status, in one grouped statement.
 * Reads `limit` rows at most, ordered by name so a capped map is the same map on every refresh.
 */
export const listNetworkMapRows = (db: Executor, scope: readonly string[] | undefined, limit: number): Promise<NetworkMapRow[]> =>
  db
    .select({
      locationId: locations.id,
      name: locations.name,
      city: locations.city,
      lat: locations.lat,
      lng: locations.lng,
      timeZone: locations.timeZone,
      total: count(chargers.id),
      ...statusCountColumns,
    })
    .from(locations)
    .leftJoin(chargers, eq(chargers.locationId, locations.id))
    .where(scope ? (scope.length ? inArray(locations.id, [...scope]) : sql`false`) : undefined)
    .groupBy(locations.id)
    .orderBy(asc(locations.name), asc(locations.id))
    .limit(limit);
