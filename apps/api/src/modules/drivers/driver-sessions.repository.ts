import type { DriverSession } from '@wattdesk/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers, chargingSessions, drivers, locations, sessionPrices, users } from '../../db/schema/index.ts';

/**
 * The driver's sessions, newest first; with `wholeAccount` (a main user) its sub-users' sessions too, so the
 * account's sessions and cost roll up to the main user. Each row names the driver who charged.
 */
export const listDriverSessions = async (db: Executor, driverId: string, page: number, pageSize: number, wholeAccount = false) => {
  const condition = wholeAccount
    ? sql`${chargingSessions.driverId} in (select ${drivers.userId} from ${drivers} where ${drivers.userId} = ${driverId} or ${drivers.mainDriverId} = ${driverId})`
    : eq(chargingSessions.driverId, driverId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: chargingSessions.id,
        driverId: chargingSessions.driverId,
        driverName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        transactionId: chargingSessions.transactionId,
        chargerName: chargers.name,
        locationName: locations.name,
        idTag: chargingSessions.idTag,
        startedAt: chargingSessions.startedAt,
        stoppedAt: chargingSessions.stoppedAt,
        energyWh: chargingSessions.energyWh,
        status: chargingSessions.status,
        stopReason: chargingSessions.stopReason,
        currency: sessionPrices.currency,
        totalMinor: sessionPrices.total,
      })
      .from(chargingSessions)
      .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
      .innerJoin(locations, eq(locations.id, chargingSessions.locationId))
      .leftJoin(sessionPrices, eq(sessionPrices.sessionId, chargingSessions.id))
      .leftJoin(users, eq(users.id, chargingSessions.driverId))
      .where(condition)
      .orderBy(desc(chargingSessions.startedAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(chargingSessions).where(condition),
  ]);
  const items: DriverSession[] = rows.map(({ energyWh, currency, totalMinor, ...row }) => ({
    ...row,
    cost: currency !== null && totalMinor !== null ? { currency, amountMinor: Number(totalMinor) } : null,
    startedAt: row.startedAt.toISOString(),
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    energyKwh: Math.round(energyWh ?? 0) / 1000,
  }));
  return { items, total: total?.total ?? 0 };
};
