import type { ChargingSession, MeterSample } from '@wattdesk/shared';
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers, chargingSessions, locations, meterSamples } from '../../db/schema/index.ts';
import { escapeLike, withinLocalDays } from '../../db/sql-helpers.ts';

export type SessionFilter = {
  locationId: string;
  from?: string | undefined;
  to?: string | undefined;
  chargerId?: string | undefined;
  driver?: string | undefined;
  status?: 'active' | 'completed' | undefined;
  connectorType?: string | undefined;
};

/** The same expression as the connector-type rollup (wd_roll_sessions, dashboard/sql/roll-sessions.sql), so a dashboard bar and its list agree. */
const connectorTypeOf = sql<string>`coalesce(case when ${chargingSessions.connectorId} >= 1 then ${chargers.connectorTypes} ->> (${chargingSessions.connectorId} - 1) end, 'Unknown')`;

const columns = {
  id: chargingSessions.id,
  transactionId: chargingSessions.transactionId,
  chargerId: chargingSessions.chargerId,
  chargerCode: chargers.chargerId,
  chargerName: chargers.name,
  locationId: chargingSessions.locationId,
  connectorId: chargingSessions.connectorId,
  idTag: chargingSessions.idTag,
  // A subquery rather than a join, so the list's count query stays as it is.
  driverName: sql<
    string | null
  >`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${chargingSessions.driverId})`,
  startedAt: chargingSessions.startedAt,
  stoppedAt: chargingSessions.stoppedAt,
  energyWh: chargingSessions.energyWh,
  powerW: chargingSessions.powerW,
  stopReason: chargingSessions.stopReason,
  status: chargingSessions.status,
};

type Row = Omit<ChargingSession, 'startedAt' | 'stoppedAt' | 'energyKwh' | 'powerKw' | 'cost'> & {
  startedAt: Date;
  stoppedAt: Date | null;
  energyWh: number | null;
  powerW: number | null;
};

const toSession = ({ energyWh, powerW, ...row }: Row): ChargingSession => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  stoppedAt: row.stoppedAt?.toISOString() ?? null,
  energyKwh: Math.round(energyWh ?? 0) / 1000,
  powerKw: row.status === 'active' && powerW !== null ? Math.round(powerW) / 1000 : null,
  // The service adds the price from the tariffs module.
  cost: null,
});

/** Dates are days of the location's own time zone. */
const where = (filter: SessionFilter): SQL | undefined =>
  and(
    eq(chargingSessions.locationId, filter.locationId),
    withinLocalDays(chargingSessions.startedAt, locations.timeZone, filter),
    filter.chargerId ? eq(chargingSessions.chargerId, filter.chargerId) : undefined,
    filter.driver ? ilike(chargingSessions.idTag, `%${escapeLike(filter.driver)}%`) : undefined,
    filter.status ? eq(chargingSessions.status, filter.status) : undefined,
    filter.connectorType ? eq(connectorTypeOf, filter.connectorType) : undefined,
  );

const SORT = {
  startedAt: chargingSessions.startedAt,
  stoppedAt: chargingSessions.stoppedAt,
  energyKwh: chargingSessions.energyWh,
  chargerName: chargers.name,
};
export type SessionSort = { field: keyof typeof SORT; descending: boolean };

const base = (db: Executor) =>
  db
    .select(columns)
    .from(chargingSessions)
    .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
    .innerJoin(locations, eq(locations.id, chargingSessions.locationId));

export const listSessions = async (db: Executor, filter: SessionFilter, sort: SessionSort, page: number, pageSize: number) => {
  const direction = sort.descending ? desc : asc;
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where(filter))
      .orderBy(direction(SORT[sort.field]), desc(chargingSessions.transactionId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(chargingSessions)
      .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
      .innerJoin(locations, eq(locations.id, chargingSessions.locationId))
      .where(where(filter)),
  ]);
  return { items: rows.map(toSession), total: total?.total ?? 0 };
};

export const findSession = async (db: Executor, id: string): Promise<ChargingSession | undefined> => {
  const [row] = await base(db).where(eq(chargingSessions.id, id)).limit(1);
  return row ? toSession(row) : undefined;
};

const toKilo = (value: number | null) => (value === null ? null : Math.round(value) / 1000);

export const sessionSamples = async (db: Executor, sessionId: string): Promise<MeterSample[]> => {
  const rows = await db.select().from(meterSamples).where(eq(meterSamples.sessionId, sessionId)).orderBy(asc(meterSamples.sampledAt)).limit(5000);
  return rows.map((row) => ({
    at: row.sampledAt.toISOString(),
    energyKwh: toKilo(row.energyWh),
    powerKw: toKilo(row.powerW),
    currentA: row.currentA,
    voltageV: row.voltageV,
    soc: row.soc,
  }));
};
