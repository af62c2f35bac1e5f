import { accountParentIdTag } from '@wattdesk/shared';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { chargerBookings, chargers, drivers, idTags } from '../../db/schema/index.ts';

export type ReservationWork = {
  id: string;
  reservationId: number;
  driverId: string;
  locationId: string;
  chargerId: string;
  chargerCode: string;
  chargerName: string;
  connectedNode: string | null;
  endsAt: Date;
};

const BATCH = 100;

/**
 * Takes up to a batch of bookings whose ReserveNow is due (starting within the lead time, not yet reserved, not
 * tried within `retryMs`), stamping the attempt in the same statement: SKIP LOCKED lets every API node run the
 * job without two of them sending the same reservation.
 */
export const claimDue = async (db: Executor, at: Date, leadMs: number, retryMs: number): Promise<ReservationWork[]> => {
  const due = new Date(at.getTime() + leadMs).toISOString();
  const retryBefore = new Date(at.getTime() - retryMs).toISOString();
  const result = await db.execute(sql`
    update charger_bookings b set reserve_attempt_at = ${at.toISOString()}::timestamptz
    from chargers c
    where c.id = b.charger_id and b.id in (
      select id from charger_bookings
      where cancelled_at is null and reserved_at is null and cancel_pending_at is null
        and starts_at <= ${due}::timestamptz and ends_at > ${at.toISOString()}::timestamptz
        and (reserve_attempt_at is null or reserve_attempt_at < ${retryBefore}::timestamptz)
      order by starts_at limit ${BATCH} for update skip locked)
    returning b.id, b.reservation_id as "reservationId", b.driver_id as "driverId", b.location_id as "locationId",
      b.charger_id as "chargerId", c.charger_id as "chargerCode", c.name as "chargerName", c.connected_node as "connectedNode",
      b.ends_at as "endsAt"`);
  return rowsOf<ReservationWork & { endsAt: Date | string }>(result).map((row) => ({ ...row, endsAt: new Date(row.endsAt) }));
};

/** Bookings cancelled or moved after their charger accepted ReserveNow: CancelReservation is owed. */
export const claimCancels = async (db: Executor, at: Date, retryMs: number): Promise<ReservationWork[]> => {
  const retryBefore = new Date(at.getTime() - retryMs).toISOString();
  const result = await db.execute(sql`
    update charger_bookings b set reserve_attempt_at = ${at.toISOString()}::timestamptz
    from chargers c
    where c.id = b.charger_id and b.id in (
      select id from charger_bookings
      where cancel_pending_at is not null and (reserve_attempt_at is null or reserve_attempt_at < ${retryBefore}::timestamptz
        or reserve_attempt_at < cancel_pending_at)
      order by cancel_pending_at limit ${BATCH} for update skip locked)
    returning b.id, b.reservation_id as "reservationId", b.driver_id as "driverId", b.location_id as "locationId",
      b.charger_id as "chargerId", c.charger_id as "chargerCode", c.name as "chargerName", c.connected_node as "connectedNode",
      b.ends_at as "endsAt"`);
  return rowsOf<ReservationWork & { endsAt: Date | string }>(result).map((row) => ({ ...row, endsAt: new Date(row.endsAt) }));
};

export const markReserved = (db: Executor, id: string, at: Date) =>
  db.update(chargerBookings).set({ reservedAt: at }).where(eq(chargerBookings.id, id));

/**
 * The charger no longer holds a reservation (a 2.0.1 charger's ReservationStatusUpdate: Expired or Removed): the
 * booking is no longer reserved, and one still running is sent again after the job's retry time.
 */
export const forgetReservation = (db: Executor, chargerId: string, reservationId: number, at: Date) =>
  db
    .update(chargerBookings)
    .set({ reservedAt: null, reserveAttemptAt: at })
    .where(and(eq(chargerBookings.chargerId, chargerId), eq(chargerBookings.reservationId, reservationId), isNotNull(chargerBookings.reservedAt)));

/** The charger has the cancel (or the reservation has expired there anyway). */
export const clearCancel = (db: Executor, id: string) =>
  db.update(chargerBookings).set({ cancelPending: null, reserveAttemptAt: null }).where(eq(chargerBookings.id, id));

/**
 * What a reservation names: the driver's first RFID card (else its first app token) as idTag, and its account's
 * parentIdTag (decision 058), so every tag of the driver, of its main user and of the account's sub-users can
 * start there. Undefined when the driver has no tag.
 */
export const reservationTagOf = async (db: Executor, driverId: string): Promise<{ idTag: string; parentIdTag: string } | undefined> => {
  const [row] = await db
    .select({ tag: idTags.tag, accountId: sql<string>`coalesce(${drivers.mainDriverId}, ${drivers.userId})` })
    .from(idTags)
    .innerJoin(drivers, eq(drivers.userId, idTags.driverId))
    .where(eq(idTags.driverId, driverId))
    .orderBy(sql`${idTags.kind} = 'app'`, asc(idTags.tag))
    .limit(1);
  return row && { idTag: row.tag, parentIdTag: accountParentIdTag(row.accountId) };
};

/** The charger a roaming partner's reservation goes to: its OCPP identity and the node holding its connection. */
export const chargerToCall = async (db: Executor, chargerId: string) => {
  const [row] = await db
    .select({ id: chargers.id, chargerCode: chargers.chargerId, connectedNode: chargers.connectedNode })
    .from(chargers)
    .where(eq(chargers.id, chargerId))
    .limit(1);
  return row;
};
