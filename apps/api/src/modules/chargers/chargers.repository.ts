import { CHARGER_STATUSES, type ActiveSession, type Charger, type ChargerStatus, type ConnectorState, type StatusCounts } from '@wattdesk/shared';
import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers, locations } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

export type ChargerRow = typeof chargers.$inferSelect;
export type ChargerInsert = typeof chargers.$inferInsert;

const chargerColumns = {
  id: chargers.id,
  chargerId: chargers.chargerId,
  locationId: chargers.locationId,
  locationName: locations.name,
  name: chargers.name,
  thingName: chargers.thingName,
  kind: chargers.kind,
  model: chargers.model,
  serialNumber: chargers.serialNumber,
  connectorTypes: chargers.connectorTypes,
  maxPowerKw: chargers.maxPowerKw,
  status: chargers.status,
  lastKnownStatus: chargers.lastKnownStatus,
  lastSeenAt: chargers.lastSeenAt,
  connected: sql<boolean>`${chargers.connectedNode} is not null`,
  demoNotConnected: chargers.demoNotConnected,
  ocppVersion: chargers.ocppVersion,
  availability: chargers.availability,
  firmwareVersion: chargers.firmwareVersion,
  // A seat of a licence of the charger's own location that has not lapsed (one that renews itself does not lapse).
  licensed: sql<boolean>`exists (select 1 from license_assignments la join licenses l on l.id = la.license_id
    where la.charger_id = "chargers"."id" and l.location_id = "chargers"."location_id" and (l.expires_at > now() or l.auto_renew))`,
  // Correlated, so only the rows of the page pay for them; both use indexes on charger id.
  connectors: sql<RawConnector[]>`coalesce((select json_agg(json_build_object(
      'connectorId', cs.connector_id, 'status', cs.status, 'errorCode', cs.error_code, 'info', cs.info, 'updatedAt', cs.reported_at
    ) order by cs.connector_id) from connector_states cs where cs.charger_id = ${chargers.id}), '[]'::json)`,
  activeSessions: sql<RawSession[]>`coalesce((select json_agg(json_build_object(
      'id', s.id, 'transactionId', s.transaction_id, 'connectorId', s.connector_id, 'idTag', s.id_tag,
      'driverName', (select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = s.driver_id),
      'startedAt', s.started_at, 'energyWh', s.energy_wh, 'powerW', s.power_w
    ) order by s.connector_id) from charging_sessions s where s.charger_id = ${chargers.id} and s.status = 'active'), '[]'::json)`,
};

type RawConnector = Omit<ConnectorState, 'updatedAt'> & { updatedAt: string };
type RawSession = Omit<ActiveSession, 'energyKwh' | 'powerKw' | 'cost'> & { energyWh: number; powerW: number | null };
type SelectedCharger = Omit<Charger, 'lastSeenAt' | 'connectors' | 'activeSessions'> & {
  lastSeenAt: Date | null;
  connectors: RawConnector[];
  activeSessions: RawSession[];
};

/** json_build_object timestamps are PostgreSQL text; the API answers ISO 8601 everywhere. */
const iso = (value: string) => new Date(value).toISOString();
const kw = (wattsOrWh: number | null) => (wattsOrWh === null ? null : Math.round(wattsOrWh) / 1000);

export const toActiveSession = ({ energyWh, powerW, ...session }: RawSession): ActiveSession => ({
  ...session,
  startedAt: iso(session.startedAt),
  energyKwh: kw(energyWh) ?? 0,
  powerKw: kw(powerW),
  // The service adds the running cost from the tariffs module.
  cost: null,
});

const toCharger = (row: SelectedCharger): Charger => ({
  ...row,
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  connectors: row.connectors.map((connector) => ({ ...connector, updatedAt: iso(connector.updatedAt) })),
  activeSessions: row.activeSessions.map(toActiveSession),
});

export type ChargerFilter = {
  /** undefined: no restriction (SuperAdmin types, all locations). */
  scope: readonly string[] | undefined;
  locationId: string | undefined;
  search: string | undefined;
  kinds: readonly string[] | undefined;
};

const filterConditions = (filter: ChargerFilter): SQL[] => {
  const conditions: (SQL | undefined)[] = [
    filter.locationId ? eq(chargers.locationId, filter.locationId) : undefined,
    filter.scope ? (filter.scope.length ? inArray(chargers.locationId, [...filter.scope]) : sql`false`) : undefined,
    filter.search ? like(chargers.searchText, `%${escapeLike(filter.search.toLowerCase())}%`) : undefined,
    filter.kinds?.length ? inArray(chargers.kind, filter.kinds as ChargerRow['kind'][]) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
};

const SORT_COLUMNS = {
  name: chargers.name,
  chargerId: chargers.chargerId,
  status: chargers.status,
  kind: chargers.kind,
  lastSeenAt: chargers.lastSeenAt,
};

export type ChargerPage = {
  filter: ChargerFilter;
  statuses: readonly ChargerStatus[] | undefined;
  sort: { field: keyof typeof SORT_COLUMNS; descending: boolean };
  page: number;
  pageSize: number;
};

/**
 * Up to this many matches, a search gathers its chargers through the trigram index and sorts them. The planner
 * would rather walk the sort index and filter, which reads nearly every charger when the matches sort together
 * (every location's "Bay 7"); with many matches that walk is the fast way, so it stays.
 */
const SEARCH_GATHER_MAX_ROWS = 5000;

const countByStatus = async (db: Executor, conditions: SQL[], statuses: readonly ChargerStatus[] | undefined) => {
  const rows = await db
    .select({ status: chargers.status, total: count() })
    .from(chargers)
    .where(and(...conditions))
    .groupBy(chargers.status);
  const statusCounts = Object.fromEntries(CHARGER_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const row of rows) statusCounts[row.status] = row.total;
  const counted = statuses?.length ? statuses : CHARGER_STATUSES;
  return { statusCounts, total: counted.reduce((sum, status) => sum + statusCounts[status], 0) };
};

/**
 * The page, its total, and the status counts of everything the filter matches before the status filter.
 * The total is the sum of the counts of the chosen statuses: one aggregate instead of two.
 */
export const listChargers = async (db: Executor, options: ChargerPage) => {
  const base = filterConditions(options.filter);
  const withStatus = options.statuses?.length ? [...base, inArray(chargers.status, [...options.statuses])] : base;
  const direction = options.sort.descending ? desc : asc;
  const column = SORT_COLUMNS[options.sort.field];
  const page = (sortKey: SQL | typeof column) =>
    db
      .select(chargerColumns)
      .from(chargers)
      .innerJoin(locations, eq(locations.id, chargers.locationId))
      .where(and(...withStatus))
      .orderBy(direction(sortKey), asc(chargers.name), asc(chargers.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
  if (!options.filter.search) {
    const [rows, counted] = await Promise.all([page(column), countByStatus(db, base, options.statuses)]);
    return { items: rows.map(toCharger), ...counted };
  }
  // A search counts first: how many it matches decides how its page is read.
  const counted = await countByStatus(db, base, options.statuses);
  // coalesce(x, x) is x, but no index provides its order, so the planner gathers the matches and sorts them.
  const rows = await page(counted.total <= SEARCH_GATHER_MAX_ROWS ? sql`coalesce(${column}, ${column})` : column);
  return { items: rows.map(toCharger), ...counted };
};

export const findCharger = async (db: Executor, id: string): Promise<Charger | undefined> => {
  const [row] = await db
    .select(chargerColumns)
    .from(chargers)
    .innerJoin(locations, eq(locations.id, chargers.locationId))
    .where(eq(chargers.id, id))
    .limit(1);
  return row ? toCharger(row) : undefined;
};

export const findChargersByIds = async (db: Executor, ids: readonly string[]): Promise<Charger[]> =>
  ids.length
    ? (
        await db
          .select(chargerColumns)
          .from(chargers)
          .innerJoin(locations, eq(locations.id, chargers.locationId))
          .where(inArray(chargers.id, [...ids]))
      ).map(toCharger)
    : [];

export const insertChargers = async (db: Executor, values: ChargerInsert[]): Promise<string[]> =>
  (await db.insert(chargers).values(values).returning({ id: chargers.id })).map((row) => row.id);

export const updateCharger = async (db: Executor, id: string, values: Partial<ChargerInsert>): Promise<void> => {
  await db.update(chargers).set(values).where(eq(chargers.id, id));
};

export const deleteCharger = async (db: Executor, id: string): Promise<void> => {
  await db.delete(chargers).where(eq(chargers.id, id));
};

/** Which of these charger ids are registered already, and which names are taken at the location. */
export const findConflicts = async (db: Executor, locationId: string, chargerIds: readonly string[], names: readonly string[]) => {
  const [ids, taken] = await Promise.all([
    chargerIds.length
      ? db
          .select({ chargerId: chargers.chargerId })
          .from(chargers)
          .where(inArray(chargers.chargerId, [...chargerIds]))
      : [],
    names.length
      ? db
          .select({ name: chargers.name })
          .from(chargers)
          .where(and(eq(chargers.locationId, locationId), inArray(chargers.name, [...names])))
      : [],
  ]);
  return { chargerIds: new Set(ids.map((row) => row.chargerId)), names: new Set(taken.map((row) => row.name)) };
};
