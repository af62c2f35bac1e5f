import type { ChargerSummary, LocationState } from '@wattdesk/shared';
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { chargers, defaultSessionFees, locations } from '../../db/schema/index.ts';

const chargersJson = sql<ChargerSummary[]>`coalesce((
  select json_agg(json_build_object('chargerId', c.charger_id, 'name', c.name, 'thingName', c.thing_name) order by c.name)
  from ${chargers} c where c.location_id = "locations"."id"), '[]'::json)`;

/** Only what the state shows: every column more is parsed and mapped on the dashboard's hottest read. */
const stateColumns = {
  id: locations.id,
  name: locations.name,
  addressLine1: locations.addressLine1,
  addressLine2: locations.addressLine2,
  city: locations.city,
  zipCode: locations.zipCode,
  state: locations.state,
  lng: locations.lng,
  lat: locations.lat,
  accessCode: locations.accessCode,
  timeZone: locations.timeZone,
  currency: locations.currency,
  sessionFee: locations.sessionFee,
  defaultSessionFee: sql<number>`coalesce((select d.amount_minor from ${defaultSessionFees} d where d.currency = "locations"."currency"), 0)`,
  idleFeesOptions: locations.idleFeesOptions,
  hasReseller: locations.hasReseller,
  subscription: locations.subscription,
  publishToRoaming: locations.publishToRoaming,
  countryCode: locations.countryCode,
};

/**
 * The location state of spec section 3 in one round trip: the row and its chargers as JSON.
 * The outer id is written qualified because drizzle renders selected columns unqualified.
 * Prepared once per database: this is the hottest read of the dashboard.
 */
const prepareLocationState = (db: Database) =>
  db
    .select({ location: stateColumns, chargers: chargersJson })
    .from(locations)
    .where(eq(locations.id, sql.placeholder('locationId')))
    .limit(1)
    .prepare('location_state');

const preparedLocationState = new WeakMap<Database, ReturnType<typeof prepareLocationState>>();

export const findLocationState = async (db: Database, locationId: string): Promise<LocationState | undefined> => {
  let prepared = preparedLocationState.get(db);
  if (!prepared) {
    prepared = prepareLocationState(db);
    preparedLocationState.set(db, prepared);
  }
  const [row] = await prepared.execute({ locationId });
  if (!row) return undefined;
  const { location } = row;
  return {
    locationId: location.id,
    name: location.name,
    address: {
      addressLine1: location.addressLine1,
      addressLine2: location.addressLine2,
      city: location.city,
      zipCode: location.zipCode,
      state: location.state,
    },
    loc: { type: 'Point', coordinates: [location.lng, location.lat] },
    chargers: row.chargers,
    chargerCount: row.chargers.length,
    locationCode: location.accessCode,
    timeZone: location.timeZone,
    currency: location.currency,
    otherFees: { sessionFee: location.sessionFee, defaultSessionFee: location.defaultSessionFee },
    idleFeesOptions: location.idleFeesOptions,
    hasReseller: location.hasReseller,
    subscription: location.subscription ?? null,
    publishToRoaming: location.publishToRoaming,
    countryCode: location.countryCode,
  };
};

export type LocationListOptions = {
  /** undefined: every location (SuperAdmin types); otherwise only these ids. */
  scope: readonly string[] | undefined;
  search: string | undefined;
  hasReseller: boolean | undefined;
  sort: { field: 'name' | 'city' | 'chargerCount'; descending: boolean };
  page: number;
  pageSize: number;
};

/** A page of the locations in reach, with the total for the pager. Search matches name or city. */
export const listLocations = async (db: Executor, options: LocationListOptions) => {
  const conditions = [
    options.scope ? (options.scope.length ? inArray(locations.id, [...options.scope]) : sql`false`) : undefined,
    options.search ? like(locations.searchText, `%${escapeLike(options.search.toLowerCase())}%`) : undefined,
    options.hasReseller === undefined ? undefined : eq(locations.hasReseller, options.hasReseller),
  ].filter((condition) => condition !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const sortColumn = { name: locations.name, city: locations.city, chargerCount: locations.chargerCount }[options.sort.field];
  const direction = options.sort.descending ? desc : asc;
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: locations.id,
        name: locations.name,
        city: locations.city,
        hasReseller: locations.hasReseller,
        chargerCount: locations.chargerCount,
      })
      .from(locations)
      .where(where)
      .orderBy(direction(sortColumn), asc(locations.name), asc(locations.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(locations)
      .where(where),
  ]);
  return { items, total, page: options.page, pageSize: options.pageSize };
};
