import type { Booking, CreateBookingResponse, ScheduleResponse } from '@wattdesk/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, chargerBookings } from '../../db/schema/index.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { makeDriver } from '../../../test/driver-fixtures.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

type ErrorBody = { responseCode: number; msg: string[] };
const ALREADY_BOOKED = 'selected chargers are already booked for the given time';

describe('charger schedule', () => {
  let t: TestApp;
  let adminToken: string;
  let lot: string;
  let driverId: string;
  let chargerA: string;
  let chargerB: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await loginAs(t.app, 'Admin')).access_token;
    lot = (await demoLocationIds(t.database.db))['sf-mission-bay']!;
    driverId = await makeDriver(t.database.db, lot);
    chargerA = await makeCharger(t.database.db, lot);
    chargerB = await makeCharger(t.database.db, lot);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(adminToken, { method, url, ...(payload ? { payload } : {}) }));
  const book = (payload: Record<string, unknown>) =>
    call('POST', '/web/charger-schedule', { locationId: lot, driverId, startHour: 9, durationHours: 2, ...payload });
  const week = async (from: string) => json<ScheduleResponse>(await call('GET', `/web/charger-schedule?locationId=${lot}&from=${from}`));

  it('books chargers in the location’s zone across a DST change, lists them, and refuses an overlap with the spec’s message', async () => {
    // US clocks spring forward on Sunday 10 March 2030: 9 AM is 17:00 UTC before, 16:00 UTC after.
    const created = await book({ chargerIds: [chargerA, chargerB], startDate: '2030-03-09', repeat: 'all-days', repeatUntil: '2030-03-11' });
    expect(created.statusCode).toBe(201);
    const { items, seriesId } = json<CreateBookingResponse>(created);
    expect(items.filter((b) => b.chargerId === chargerA).map((b) => [b.startsAt, b.endsAt])).toEqual([
      ['2030-03-09T17:00:00.000Z', '2030-03-09T19:00:00.000Z'],
      ['2030-03-10T16:00:00.000Z', '2030-03-10T18:00:00.000Z'],
      ['2030-03-11T16:00:00.000Z', '2030-03-11T18:00:00.000Z'],
    ]);
    expect(items.every((b) => b.state === 'booked' && b.driverName === 'Fixture Driver')).toBe(true);

    const listed = await week('2030-03-09');
    expect(listed.timeZone).toBe('America/Los_Angeles');
    expect(listed.items.filter((b) => b.seriesId === seriesId)).toHaveLength(6);
    expect((await week('2030-03-12')).items.filter((b) => b.seriesId === seriesId)).toHaveLength(0);

    const [audit] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, seriesId));
    expect(audit).toMatchObject({ action: 'schedule.create', entity: 'charger-booking', locationId: lot, actorEmail: 'admin@example.com' });

    // 10 AM on the 10th overlaps charger B's 9–11 booking: nothing of the new request is written.
    const clash = await book({ chargerIds: [await makeCharger(t.database.db, lot), chargerB], startDate: '2030-03-10', startHour: 10 });
    expect(clash.statusCode).toBe(409);
    expect(json<ErrorBody>(clash).msg[0]).toBe(ALREADY_BOOKED);
    expect(json<ErrorBody>(clash).msg[1]).toMatch(/is booked for Fixture Driver from Mar 10, 2030, 9:00 AM to Mar 10, 2030, 11:00 AM/);
    // Back to back is not an overlap.
    expect((await book({ chargerIds: [chargerB], startDate: '2030-03-10', startHour: 11, durationHours: 0.25 })).statusCode).toBe(201);
  });

  it('validates every field and answers other failures with the spec’s sentence', async () => {
    const bad = await call('POST', '/web/charger-schedule', {
      locationId: lot,
      chargerIds: [],
      driverId,
      startDate: '10 March',
      startHour: 24,
      durationHours: 1.5,
      repeat: 'weekdays',
    });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrorBody>(bad).msg).toEqual(
      expect.arrayContaining([
        'Choose at least one charger',
        'Start date must be a date (YYYY-MM-DD)',
        'Start hour must be an hour from 0 (12 AM) to 23 (11 PM)',
        'Duration must be one of the duration choices',
      ]),
    );
    const noUntil = await book({ chargerIds: [chargerA], startDate: '2030-04-01', repeat: 'weekdays' });
    expect(json<ErrorBody>(noUntil).msg).toContain('Choose the date the booking repeats until');

    const past = await book({ chargerIds: [chargerA], startDate: '2020-01-01' });
    expect(json<ErrorBody>(past)).toMatchObject({
      responseCode: 400,
      msg: ['Unable to schedule the chargers', 'The booking must start in the future'],
    });
    const otherLot = (await demoLocationIds(t.database.db))['sf-embarcadero']!;
    const foreignCharger = await book({ chargerIds: [await makeCharger(t.database.db, otherLot)], startDate: '2030-04-01' });
    expect(json<ErrorBody>(foreignCharger).msg).toEqual(['Unable to schedule the chargers', 'A chosen charger is not at this location']);
    const foreignDriver = await book({ chargerIds: [chargerA], startDate: '2030-04-01', driverId: await makeDriver(t.database.db, otherLot) });
    expect(json<ErrorBody>(foreignDriver).msg).toEqual(['Unable to schedule the chargers', 'The driver is not a driver of this location']);
  });

  it('weekday series; moving one booking; cancelling one and the rest of the series frees the time', async () => {
    const charger = await makeCharger(t.database.db, lot);
    // 1–14 April 2030: Monday to Sunday twice, so ten weekdays.
    const created = json<CreateBookingResponse>(
      await book({ chargerIds: [charger], startDate: '2030-04-01', repeat: 'weekdays', repeatUntil: '2030-04-14' }),
    );
    expect(created.items).toHaveLength(10);
    const [first, second, third] = created.items as [Booking, Booking, Booking];

    const moved = await call('PATCH', `/web/charger-schedule/${second.id}`, { startHour: 13, durationHours: 0.5 });
    expect(json<Booking>(moved)).toMatchObject({ startsAt: '2030-04-02T20:00:00.000Z', endsAt: '2030-04-02T20:30:00.000Z' });
    const onto = await call('PATCH', `/web/charger-schedule/${third.id}`, { startDate: '2030-04-01' });
    expect(onto.statusCode).toBe(409);
    expect(json<ErrorBody>(onto).msg[0]).toBe(ALREADY_BOOKED);

    expect(json<ErrorBody>(await call('DELETE', `/web/charger-schedule/${first.id}`)).msg).toEqual(['Booking cancelled']);
    expect(json<ErrorBody>(await call('DELETE', `/web/charger-schedule/${third.id}?scope=series`)).msg).toEqual(['8 bookings cancelled']);
    const live = await t.database.db
      .select()
      .from(chargerBookings)
      .where(and(eq(chargerBookings.seriesId, created.seriesId), isNull(chargerBookings.cancelledAt)));
    expect(live.map((row) => row.id)).toEqual([second.id]);
    expect((await call('DELETE', `/web/charger-schedule/${first.id}`)).statusCode).toBe(409);
    expect((await book({ chargerIds: [charger], startDate: '2030-04-01' })).statusCode).toBe(201);
    const actions = (await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, created.seriesId))).map((r) => r.action);
    expect(actions.sort()).toEqual(['schedule.cancel', 'schedule.create']);
  });

  it('50 simultaneous bookings of one charger and hour: exactly one is written, the others get the spec’s message', async () => {
    const charger = await makeCharger(t.database.db, lot);
    const drivers = await Promise.all(Array.from({ length: 50 }, () => makeDriver(t.database.db, lot)));
    const answers = await Promise.all(drivers.map((id) => book({ chargerIds: [charger], driverId: id, startDate: '2030-05-01', startHour: 8 })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => json<ErrorBody>(a).msg[0] === ALREADY_BOOKED)).toBe(true);
    const rows = await t.database.db.select().from(chargerBookings).where(eq(chargerBookings.chargerId, charger));
    expect(rows).toHaveLength(1);
    const audits = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, rows[0]!.seriesId));
    expect(audits).toHaveLength(1);
  });
});
