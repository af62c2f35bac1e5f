import {
  AppError,
  failureMessages,
  type Booking,
  type CreateBookingBody,
  type CreateBookingResponse,
  type ScheduleQuery,
  type ScheduleResponse,
  type UpdateBookingBody,
} from '@wattdesk/shared';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { violatedExclusionConstraint } from '../../db/sql-helpers.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { bookingWindows, localDateAndHour, localMidnight, type Window } from './booking-times.ts';
import * as repo from './schedule.repository.ts';

// Roaming partners' reservations (OCPI RESERVE_NOW, issue 42) are this module's too; other modules see them here.
export { createRoamingReservations, type RoamingReservations } from './roaming-reservations.ts';

/** `onChange`: the schedule changed, so the reservation job looks now rather than at its next run. */
export type ScheduleServiceDeps = { db: Database; now: () => Date; log: FastifyBaseLogger; onChange?: () => void };

/** The spec's sentence first (what the form shows), then what a person can fix. */
const unable = (detail: string) => new AppError('SCHEDULE_FAILED', { messages: [failureMessages.scheduleChargers, detail] });

const fmt = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at);

/**
 * Bookings of chargers for drivers. The exclusion constraint charger_bookings_no_overlap is the only judge of
 * overlaps (no check-then-insert race): its violation becomes the spec's 'already booked' answer, with the
 * booking it collided with as a second message.
 */
export const createScheduleService = ({ db, now, log, onChange = () => undefined }: ScheduleServiceDeps) => {
  const requireTimeZone = async (executor: Executor, locationId: string) => {
    const timeZone = await repo.timeZoneOf(executor, locationId);
    if (!timeZone) throw new AppError('LOCATION_NOT_FOUND');
    return timeZone;
  };

  const requireDriverAt = async (executor: Executor, driverId: string, locationId: string) => {
    const driver = await repo.driverOf(executor, driverId);
    if (!driver || driver.locationId !== locationId) throw unable('The driver is not a driver of this location');
    if (driver.status === 'INACTIVE') throw unable('The driver is inactive; activate the driver first');
  };

  const assertFuture = (windows: readonly Window[]) => {
    if (!windows.length) throw unable('No day between the start date and the repeat date matches the chosen days');
    if (windows[0]!.startsAt.getTime() < now().getTime()) throw unable('The booking must start in the future');
  };

  /** Runs a write; an overlap becomes the spec's message, any other database failure 'Unable to schedule'. */
  const guarded = async <T>(work: () => Promise<T>, clash: () => Promise<string | undefined>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (violatedExclusionConstraint(error) === 'charger_bookings_no_overlap') {
        const detail = await clash().catch(() => undefined);
        throw new AppError('CHARGERS_ALREADY_BOOKED', { messages: [failureMessages.chargersAlreadyBooked, ...(detail ? [detail] : [])] });
      }
      log.error({ err: error }, 'scheduling chargers failed');
      throw new AppError('SCHEDULE_FAILED');
    }
  };

  const describeClash = async (timeZone: string, chargerIds: readonly string[], windows: readonly Window[]) => {
    const row = await repo.firstClash(db, chargerIds, windows);
    return row && `${row.chargerName} is booked for ${row.driverName} from ${fmt(timeZone, row.startsAt)} to ${fmt(timeZone, row.endsAt)}`;
  };

  const list = async (query: ScheduleQuery): Promise<ScheduleResponse> => {
    const timeZone = await requireTimeZone(db, query.locationId);
    const from = localMidnight(timeZone, query.from);
    const toDate = new Date(Date.parse(`${query.from}T00:00:00Z`) + query.days * 86_400_000).toISOString().slice(0, 10);
    return { timeZone, items: await repo.listBookings(db, query.locationId, from, localMidnight(timeZone, toDate)) };
  };

  const create = async (actor: Actor, body: CreateBookingBody): Promise<CreateBookingResponse> => {
    const timeZone = await requireTimeZone(db, body.locationId);
    const windows = bookingWindows(timeZone, body);
    assertFuture(windows);
    const chargerIds = [...body.chargerIds].sort();
    const seriesId = randomUUID();
    const items = await guarded(
      () =>
        db.transaction(async (tx) => {
          const found = await repo.chargersAt(tx, body.locationId, chargerIds);
          if (found.length !== chargerIds.length) throw unable('A chosen charger is not at this location');
          await requireDriverAt(tx, body.driverId, body.locationId);
          // One ordered insert (charger, then time) so concurrent bookings of several chargers wait, never deadlock.
          const rows = chargerIds.flatMap((chargerId) =>
            windows.map((w) => ({ ...w, seriesId, chargerId, locationId: body.locationId, driverId: body.driverId, createdBy: actor.userId })),
          );
          const inserted = await repo.insertBookings(tx, rows);
          await recordActivity(tx, actor, {
            action: 'schedule.create',
            entity: 'charger-booking',
            entityId: seriesId,
            locationId: body.locationId,
            changes: {
              chargers: { before: null, after: found.map((c) => c.name).sort() },
              driverId: { before: null, after: body.driverId },
              window: { before: null, after: `${body.startDate} ${body.startHour}:00 for ${body.durationHours} h` },
              repeat: { before: null, after: body.repeat === 'none' ? 'none' : `${body.repeat} until ${body.repeatUntil}` },
              bookings: { before: null, after: inserted.length },
            },
          });
          return inserted;
        }),
      () => describeClash(timeZone, chargerIds, windows),
    );
    onChange();
    return { seriesId, items };
  };

  const requireLiveBooking = async (tx: Executor, auth: AuthContext, bookingId: string) => {
    const row = await repo.findBooking(tx, bookingId, true);
    if (!row) throw new AppError('BOOKING_NOT_FOUND');
    assertLocationAccess(auth, row.locationId);
    if (row.cancelledAt || row.endsAt.getTime() <= now().getTime()) throw new AppError('BOOKING_ENDED');
    return row;
  };

  const update = async (auth: AuthContext, actor: Actor, bookingId: string, body: UpdateBookingBody): Promise<Booking> => {
    let window: Window | undefined;
    let timeZone = 'UTC';
    const booking = await guarded(
      () =>
        db.transaction(async (tx) => {
          const row = await requireLiveBooking(tx, auth, bookingId);
          timeZone = await requireTimeZone(tx, row.locationId);
          const current = localDateAndHour(timeZone, row.startsAt);
          const durationHours = body.durationHours ?? (row.endsAt.getTime() - row.startsAt.getTime()) / 3_600_000;
          const spec = {
            startDate: body.startDate ?? current.date,
            startHour: body.startHour ?? current.hour,
            durationHours,
            repeat: 'none' as const,
            repeatUntil: null,
          };
          window = bookingWindows(timeZone, spec)[0]!;
          const moved = window.startsAt.getTime() !== row.startsAt.getTime() || window.endsAt.getTime() !== row.endsAt.getTime();
          if (moved) assertFuture([window]);
          if (body.driverId) await requireDriverAt(tx, body.driverId, row.locationId);
          const changedDriver = body.driverId !== undefined && body.driverId !== row.driverId;
          // The charger holds the old reservation: cancel it there; the reservation job sends the new one in time.
          const resend = row.reservedAt && (moved || changedDriver) ? { reservedAt: null, cancelPending: now() } : {};
          await repo.updateBooking(tx, bookingId, { ...window, driverId: body.driverId ?? row.driverId, ...resend });
          await recordActivity(tx, actor, {
            action: 'schedule.update',
            entity: 'charger-booking',
            entityId: bookingId,
            locationId: row.locationId,
            changes: {
              ...(moved ? { startsAt: { before: row.startsAt.toISOString(), after: window.startsAt.toISOString() } } : {}),
              ...(moved ? { endsAt: { before: row.endsAt.toISOString(), after: window.endsAt.toISOString() } } : {}),
              ...(changedDriver ? { driverId: { before: row.driverId, after: body.driverId } } : {}),
            },
          });
          return repo.toBooking((await repo.findBooking(tx, bookingId))!);
        }),
      async () => {
        const row = window && (await repo.findBooking(db, bookingId));
        return row && window ? describeClash(timeZone, [row.chargerId], [window]) : undefined;
      },
    );
    onChange();
    return booking;
  };

  const cancel = async (auth: AuthContext, actor: Actor, bookingId: string, scope: 'one' | 'series') => {
    const answer = await db.transaction(async (tx) => {
      const row = await requireLiveBooking(tx, auth, bookingId);
      const at = now();
      const cancelled =
        scope === 'series'
          ? await repo.cancelSeries(tx, row.seriesId, row.startsAt, at)
          : (await repo.updateBooking(tx, bookingId, { cancelledAt: at, cancelPending: row.reservedAt ? at : null }), [{ id: bookingId }]);
      await recordActivity(tx, actor, {
        action: 'schedule.cancel',
        entity: 'charger-booking',
        entityId: scope === 'series' ? row.seriesId : bookingId,
        locationId: row.locationId,
        changes: { cancelled: { before: null, after: cancelled.length }, charger: { before: row.chargerName, after: null } },
      });
      return { responseCode: 200, msg: [cancelled.length === 1 ? 'Booking cancelled' : `${cancelled.length} bookings cancelled`] };
    });
    onChange();
    return answer;
  };

  return { list, create, update, cancel };
};

export type ScheduleService = ReturnType<typeof createScheduleService>;
