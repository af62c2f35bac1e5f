import { randomUUID } from 'node:crypto';
import { accountParentIdTag } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerBookings, chargerEvents, chargingSessions, idTags } from '../../db/schema/index.ts';
import { makeDriver, newTag } from '../../../test/driver-fixtures.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { createReservationJob } from './reservation-job.ts';

/** Bookings become reservations at a simulated charger over OCPP 1.6J. */
describe('reservations at the charger', () => {
  let t: OcppTestApp;
  let lot: string;

  // The timer is off: the test runs passes itself (the app's own job still runs after each schedule change).
  beforeAll(async () => {
    t = await startOcppApp({ env: { RESERVATION_JOB_SECONDS: '0' } });
    lot = t.locations['oak-jack-london']!;
  });
  afterAll(() => t.close());

  const job = () => createReservationJob({ db: t.database.db, ocpp: t.app.ocpp, now: () => new Date(), log: t.app.log, leadMinutes: 10 });
  const book = async (chargerId: string, driverId: string, startsInMinutes: number) => {
    const startsAt = new Date(Date.now() + startsInMinutes * 60_000);
    const [row] = await t.database.db
      .insert(chargerBookings)
      .values({ seriesId: randomUUID(), locationId: lot, chargerId, driverId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
      .returning();
    return row!;
  };
  const driverOf = async (tag: string) => (await t.database.db.select().from(idTags).where(eq(idTags.tag, tag)))[0]!.driverId;
  const reservationLog = async (chargerCode: string) =>
    (
      await t.database.db
        .select()
        .from(chargerEvents)
        .where(and(eq(chargerEvents.chargerCode, chargerCode), eq(chargerEvents.kind, 'reservation')))
    ).map((event) => event.summary);

  it('ReserveNow shortly before the start: another tag is refused, the booked driver’s tag starts the session', async () => {
    const registered = await t.registerCharger('oak-jack-london');
    const charger = t.simulate(registered);
    await charger.connect();
    const [booked, other] = [newTag(), newTag()];
    const driverId = await makeDriver(t.database.db, lot, { tags: [booked] });
    await makeDriver(t.database.db, lot, { tags: [other] });

    const later = await book(registered.id, driverId, 120);
    const soon = await book(registered.id, driverId, 5);
    await job().tick();
    // Only the booking within the lead time is sent.
    expect(charger.connector(1).status).toBe('Reserved');
    const rows = await t.database.db.select().from(chargerBookings).where(eq(chargerBookings.chargerId, registered.id));
    expect(rows.find((row) => row.id === soon.id)!.reservedAt).not.toBeNull();
    expect(rows.find((row) => row.id === later.id)!.reservedAt).toBeNull();
    await eventually(async () =>
      expect(await reservationLog(registered.chargerId)).toEqual([
        `ReserveNow ${soon.reservationId} for ${booked} (account ${accountParentIdTag(driverId)}) until ${soon.endsAt.toISOString()}: Accepted`,
      ]),
    );
    const listed = await t.api(
      'GET',
      `/web/charger-schedule?locationId=${lot}&from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&days=3`,
    );
    expect((listed.body.items as { id: string; state: string }[]).find((item) => item.id === soon.id)!.state).toBe('reserved');

    await expect(charger.startSession({ idTag: other })).rejects.toThrow(/reserved for/);
    const started = await charger.startSession({ idTag: booked });
    expect(started.idTagInfo.status).toBe('Accepted');
    await eventually(async () => {
      const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, started.transactionId));
      expect(session?.idTag).toBe(booked);
    });
    await charger.stopSession();
  });

  it("a booking for a main user admits its sub-users' tags (parentIdTag) and refuses another account's", async () => {
    const registered = await t.registerCharger('oak-jack-london');
    const charger = t.simulate(registered);
    await charger.connect();
    const [card, spare, family, stranger] = [newTag(), newTag(), newTag(), newTag()];
    const mainId = await makeDriver(t.database.db, lot, { tags: [card, spare] });
    await makeDriver(t.database.db, lot, { role: 'sub-user', mainDriverId: mainId, tags: [family] });
    await makeDriver(t.database.db, lot, { tags: [stranger] });
    const booking = await book(registered.id, mainId, 5);
    await job().tick();
    expect(charger.connector(1).status).toBe('Reserved');
    const reserveNow = charger.received.find((command) => command.method === 'ReserveNow');
    expect(reserveNow?.params).toMatchObject({
      idTag: [card, spare].sort()[0],
      parentIdTag: accountParentIdTag(mainId),
      reservationId: booking.reservationId,
    });

    // Authorize answers each tag's account; a tag of another account is refused at the reserved connector.
    expect((await charger.authorize(stranger)).idTagInfo).toEqual({ status: 'Accepted', parentIdTag: accountParentIdTag(await driverOf(stranger)) });
    await expect(charger.startSession({ idTag: stranger })).rejects.toThrow(/reserved for/);
    const started = await charger.startSession({ idTag: family });
    expect(started.idTagInfo).toEqual({ status: 'Accepted', parentIdTag: accountParentIdTag(mainId) });
    await eventually(async () => {
      const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, started.transactionId));
      expect(session?.idTag).toBe(family);
    });
    await charger.stopSession();
  });

  it('cancelling a reserved booking sends CancelReservation and frees the connector', async () => {
    const registered = await t.registerCharger('oak-jack-london');
    const charger = t.simulate(registered);
    await charger.connect();
    const tag = newTag();
    const booking = await book(registered.id, await makeDriver(t.database.db, lot, { tags: [tag] }), 3);
    await job().tick();
    expect(charger.connector(1).status).toBe('Reserved');

    const cancelled = await t.api('DELETE', `/web/charger-schedule/${booking.id}`);
    expect(cancelled.body.msg).toEqual(['Booking cancelled']);
    await eventually(() => expect(charger.connector(1).status).toBe('Available'));
    await eventually(async () =>
      expect(await reservationLog(registered.chargerId)).toContain(`Reservation ${booking.reservationId} cancelled: CancelReservation Accepted`),
    );
    const [row] = await t.database.db.select().from(chargerBookings).where(eq(chargerBookings.id, booking.id));
    expect(row).toMatchObject({ cancelPending: null });
    expect(row!.cancelledAt).not.toBeNull();
  });
});
