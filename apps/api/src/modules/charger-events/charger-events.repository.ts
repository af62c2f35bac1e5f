import type { ChargerEvent, ChargerLogEntry, ChargerLogFilter } from '@wattdesk/shared';
import { and, count, desc, eq, ilike, lt, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { chargerEvents, chargers, locations } from '../../db/schema/index.ts';
import { escapeLike, withinLocalDays } from '../../db/sql-helpers.ts';

export const listChargerEvents = async (db: Executor, chargerId: string, page: number, pageSize: number) => {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: chargerEvents.id,
        at: chargerEvents.createdAt,
        kind: chargerEvents.kind,
        summary: chargerEvents.summary,
        detail: chargerEvents.detail,
      })
      .from(chargerEvents)
      .where(eq(chargerEvents.chargerId, chargerId))
      .orderBy(desc(chargerEvents.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(chargerEvents).where(eq(chargerEvents.chargerId, chargerId)),
  ]);
  const items: ChargerEvent[] = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  return { items, total: total?.total ?? 0, page, pageSize };
};

// A location's log

const logColumns = {
  seq: chargerEvents.seq,
  id: chargerEvents.id,
  at: chargerEvents.createdAt,
  chargerId: chargers.id,
  chargerCode: chargerEvents.chargerCode,
  chargerName: chargers.name,
  kind: chargerEvents.kind,
  summary: chargerEvents.summary,
};

/**
 * The location is the charger's current one: the join through chargers is what keeps a chargerId of
 * another location (or an unregistered id's refusals, which have no charger) out of the answer.
 */
const logWhere = (filter: ChargerLogFilter): SQL | undefined =>
  and(
    eq(chargers.locationId, filter.locationId),
    filter.chargerId ? eq(chargerEvents.chargerId, filter.chargerId) : undefined,
    filter.kind ? eq(chargerEvents.kind, filter.kind) : undefined,
    withinLocalDays(chargerEvents.createdAt, locations.timeZone, filter),
    filter.search ? ilike(chargerEvents.summary, `%${escapeLike(filter.search)}%`) : undefined,
  );

/** Events of registered chargers, with their charger and its location (for the name and the time zone). */
const withChargerAndLocation = <Q extends PgSelect>(query: Q) =>
  query.innerJoin(chargers, eq(chargers.id, chargerEvents.chargerId)).innerJoin(locations, eq(locations.id, chargers.locationId));

const logBase = (db: Executor) => withChargerAndLocation(db.select(logColumns).from(chargerEvents).$dynamic());

type LogRow = Omit<ChargerLogEntry, 'at'> & { seq: number; at: Date };
const toEntry = ({ seq: _seq, ...row }: LogRow): ChargerLogEntry => ({ ...row, at: row.at.toISOString() });

/** Newest first: `seq` is the order the server wrote them in. */
export const listChargerLog = async (db: Executor, filter: ChargerLogFilter, page: number, pageSize: number) => {
  const [rows, [total]] = await Promise.all([
    logBase(db)
      .where(logWhere(filter))
      .orderBy(desc(chargerEvents.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    withChargerAndLocation(db.select({ total: count() }).from(chargerEvents).$dynamic()).where(logWhere(filter)),
  ]);
  return { items: rows.map(toEntry), total: total?.total ?? 0 };
};

/**
 * The whole filtered log, newest first, a page at a time after the last `seq` seen: chargers keep writing
 * while an export runs, and an offset would then repeat rows.
 */
export async function* chargerLogPages(db: Executor, filter: ChargerLogFilter, pageSize: number): AsyncGenerator<ChargerLogEntry[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await logBase(db)
      .where(and(logWhere(filter), before === undefined ? undefined : lt(chargerEvents.seq, before)))
      .orderBy(desc(chargerEvents.seq))
      .limit(pageSize);
    yield rows.map(toEntry);
    if (rows.length < pageSize) return;
    before = rows[rows.length - 1]!.seq;
  }
}
