import { ocpiTariffsResponseSchema, type TariffOverview, type UserType } from '@wattdesk/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { manualClock } from '../../../test/clock.ts';
import { expectRefusal } from '../../../test/expect-refusal.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';

const SAVED = 'payment, fee and violation information updated';
const flat = (price: number) => [{ days: 'all-days', startHour: 0, endHour: 0, energyPriceMicros: price, timePriceMicros: null }];

describe('tariffs: rates, fees, violation rules, versions, OCPI export', () => {
  let t: TestApp;
  let loc: Record<string, string>;
  const tokens = new Map<UserType, string>();
  const clock = manualClock(new Date('2026-11-18T00:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    loc = await demoLocationIds(t.database.db);
    for (const type of ['SuperAdmin', 'Admin', 'PortfolioManager', 'ReadonlyAdmin'] as const)
      tokens.set(type, (await loginAs(t.app, type)).access_token);
  });
  afterAll(() => t.close());

  const call = async (type: UserType, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(tokens.get(type)!, { method, url, ...(payload ? { payload } : {}) }));
  const overview = async (locationId: string) => (await call('SuperAdmin', 'GET', `/web/tariffs?locationId=${locationId}`)).json<TariffOverview>();
  const lastActivity = async (action: string, locationId: string) =>
    (
      await t.database.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.action, action), eq(activityLogs.locationId, locationId)))
        .orderBy(desc(activityLogs.createdAt))
        .limit(1)
    )[0];

  it('every demo location has rates, an idle fee and a session fee; read-only roles can see them', async () => {
    for (const id of Object.values(loc)) {
      const tariff = await overview(id);
      expect(tariff.current?.periods.length).toBeGreaterThan(0);
      expect(tariff.current?.idleFee.enabled).toBe(true);
      expect(tariff.current?.sessionFee).toBeGreaterThan(0);
    }
    expect((await overview(loc['sf-embarcadero']!)).current!.periods.map((p) => p.days)).toEqual(['weekdays', 'weekdays', 'weekends']);
    // ReadonlyAdmin reaches two locations: the first of them answers.
    const readonly = await loginAs(t.app, 'ReadonlyAdmin');
    expect((await call('ReadonlyAdmin', 'GET', `/web/tariffs?locationId=${readonly.locations[0]}`)).statusCode).toBe(200);
  });

  it('the role table: Admin cannot update rates or fees; PortfolioManager can, in its locations only', async () => {
    const pm = await loginAs(t.app, 'PortfolioManager');
    const admin = await loginAs(t.app, 'Admin');
    const body = (locationId: string) => ({ locationId, currency: 'USD', periods: flat(310_000) });
    expectRefusal(await call('Admin', 'PUT', '/web/tariffs/rates', body(admin.locations[0]!)), 403, 'FORBIDDEN', [
      'You do not have permission to do this',
    ]);
    expectRefusal(await call('Admin', 'PUT', '/web/tariffs/other-fees', { locationId: admin.locations[0], sessionFee: 10 }), 403, 'FORBIDDEN', [
      'You do not have permission to do this',
    ]);
    expectRefusal(
      await call('Admin', 'PUT', '/web/tariffs/idle-fees', {
        locationId: admin.locations[0],
        enabled: false,
        pricePerMinute: 0,
        graceMinutes: 0,
        dailyCap: null,
        freeHours: null,
      }),
      403,
      'FORBIDDEN',
      ['You do not have permission to do this'],
    );
    const outside = Object.values(loc).find((id) => !pm.locations.includes(id))!;
    expectRefusal(await call('PortfolioManager', 'PUT', '/web/tariffs/rates', body(outside)), 403, 'LOCATION_FORBIDDEN', [
      'You do not have access to this location',
    ]);

    const saved = await call('PortfolioManager', 'PUT', '/web/tariffs/rates', body(pm.locations[0]!));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ msg: [SAVED], version: { periods: flat(310_000), createdBy: 'portfoliomanager@example.com' } });
    const fee = await call('PortfolioManager', 'PUT', '/web/tariffs/other-fees', { locationId: pm.locations[0], sessionFee: 99 });
    expect(fee.json()).toMatchObject({ msg: [SAVED], version: { sessionFee: 99, sessionFeeIsDefault: false, periods: flat(310_000) } });
    const audit = await lastActivity('tariff.rates.update', pm.locations[0]!);
    expect(audit).toMatchObject({ actorEmail: 'portfoliomanager@example.com', entity: 'tariff' });
    expect(audit!.changes).toMatchObject({ periods: { after: flat(310_000) } });
    expect((await lastActivity('tariff.other-fees.update', pm.locations[0]!))!.changes).toMatchObject({ sessionFee: { after: 99 } });
  });

  it('refuses overlapping and gapped periods, bad prices and currencies, and moments in the past, with clear messages', async () => {
    const locationId = loc['sj-sap-center']!;
    const put = (payload: Record<string, unknown>) => call('SuperAdmin', 'PUT', '/web/tariffs/rates', { locationId, currency: 'USD', ...payload });
    const overlap = await put({
      periods: [...flat(300_000), { days: 'weekdays', startHour: 17, endHour: 21, energyPriceMicros: 500_000, timePriceMicros: null }],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<{ msg: string[] }>().msg).toEqual(['Periods All Days all day and Weekdays 5 PM–9 PM overlap on Monday at 5 PM']);
    const gap = await put({ periods: [{ days: 'weekdays', startHour: 0, endHour: 0, energyPriceMicros: 1, timePriceMicros: null }] });
    expect(gap.json<{ msg: string[] }>().msg).toEqual(['No period covers Sunday 12 AM–12 AM', 'No period covers Saturday 12 AM–12 AM']);
    const bad = await put({
      currency: 'DOLLARS',
      periods: [{ days: 'someday', startHour: 25, endHour: 0, energyPriceMicros: -1, timePriceMicros: 0.5 }],
    });
    expect(bad.json<{ msg: string[] }>().msg).toEqual(
      expect.arrayContaining([
        'Currency must be an ISO 4217 code, e.g. USD',
        'Day must be All Days, Weekdays or Weekends',
        'Price per kWh must be a number of zero or more',
        'Price per hour has too many decimals for the currency',
      ]),
    );
    expectRefusal(await put({ effectiveFrom: '2026-11-17T00:00:00Z', periods: flat(300_000) }), 400, 'TARIFF_EFFECTIVE_IN_PAST', [
      'Effective from must be now or later: sessions that have started keep the prices they started with',
    ]);
    const idle = await call('SuperAdmin', 'PUT', '/web/tariffs/idle-fees', {
      locationId,
      enabled: true,
      pricePerMinute: 1.5,
      graceMinutes: 7,
      dailyCap: null,
      freeHours: { startHour: 3, endHour: 3 },
    });
    expect(idle.json<{ msg: string[] }>().msg).toEqual([
      'Idle fee per minute has too many decimals for the currency',
      'Grace period must be one of the duration choices',
      'Free hours must start and end at different hours',
    ]);
    expect((await overview(locationId)).scheduled).toEqual([]);
  });

  it('versions: a change from a later moment is scheduled, the version in force stays, earlier ones are kept', async () => {
    const locationId = loc['oak-uptown']!;
    clock.advance(60_000);
    const { current: before, history: earlier } = await overview(locationId);
    if (!before) throw new Error('the demo location has rates');
    const from = '2026-11-20T08:00:00.000Z';
    await call('SuperAdmin', 'PUT', '/web/tariffs/rates', { locationId, currency: 'USD', effectiveFrom: from, periods: flat(410_000) });
    let tariff = await overview(locationId);
    expect(tariff.current!.id).toBe(before.id);
    expect(tariff.scheduled.map((v) => [v.effectiveFrom, v.periods[0]!.energyPriceMicros])).toEqual([[from, 410_000]]);
    // An idle fee change applies from now and to the scheduled version; the rates in force are kept.
    const idleFee = { enabled: true, pricePerMinute: 55, graceMinutes: 30, dailyCap: 3000, freeHours: { startHour: 23, endHour: 7 } };
    expect((await call('SuperAdmin', 'PUT', '/web/tariffs/idle-fees', { locationId, ...idleFee })).statusCode).toBe(200);
    tariff = await overview(locationId);
    expect(tariff.current).toMatchObject({ periods: before.periods, idleFee });
    expect(tariff.scheduled[0]).toMatchObject({ periods: flat(410_000), idleFee });
    expect(tariff.history.map((v) => v.id)).toEqual([before.id, ...earlier.map((v) => v.id)]);
    expect(tariff.history[0]!.idleFee).toEqual(before.idleFee);

    clock.advance(3 * 86_400_000);
    tariff = await overview(locationId);
    expect(tariff.current!.periods).toEqual(flat(410_000));
    expect(tariff.history).toHaveLength(earlier.length + 2);
    clock.advance(-3 * 86_400_000);
  });

  it('the session fee: the location’s own, or the network default that only SuperAdmin sets', async () => {
    const locationId = loc['sf-mission-bay']!;
    expect((await call('SuperAdmin', 'PUT', '/web/tariffs/other-fees', { locationId, sessionFee: null })).statusCode).toBe(200);
    expect((await overview(locationId)).current).toMatchObject({ sessionFee: 50, sessionFeeIsDefault: true });
    expectRefusal(await call('PortfolioManager', 'PUT', '/web/tariffs/default-session-fee', { currency: 'USD', amount: 80 }), 403, 'FORBIDDEN', [
      'You do not have permission to do this',
    ]);
    clock.advance(1000);
    const saved = await call('SuperAdmin', 'PUT', '/web/tariffs/default-session-fee', { currency: 'usd', amount: 80 });
    expect(saved.json()).toEqual({ responseCode: 200, msg: [SAVED] });
    const tariff = await overview(locationId);
    expect(tariff).toMatchObject({ defaultSessionFee: 80, current: { sessionFee: 80, sessionFeeIsDefault: true } });
    expect(tariff.history[0]!.sessionFee).toBe(50);
    // A location with its own fee keeps it.
    const own = loc['sj-santana-row']!;
    const state = await call('SuperAdmin', 'GET', `/web/locations/location-by-id?locationId=${loc['sf-mission-bay']}`);
    expect(state.json()).toMatchObject({ currency: 'USD', otherFees: { sessionFee: null, defaultSessionFee: 80 } });
    expect((await overview(own)).current).toMatchObject({ sessionFee: 75, sessionFeeIsDefault: false });
  });

  it('violation rules from the duration choices', async () => {
    const locationId = loc['sj-diridon']!;
    const bad = await call('SuperAdmin', 'PUT', '/web/tariffs/violation-rules', { locationId, maxStay: { minutes: 100, fee: 10 }, idleLimit: null });
    expect(bad.json<{ msg: string[] }>().msg).toEqual(['Maximum stay must be one of the duration choices']);
    const rules = { maxStay: { minutes: 180, fee: 1200 }, idleLimit: { minutes: 45, fee: 500 } };
    const saved = await call('Admin', 'PUT', '/web/tariffs/violation-rules', { locationId: loc['sf-embarcadero'], ...rules });
    expect(saved.json()).toMatchObject({ msg: [SAVED], version: { violationRules: rules } });
  });

  it('exports the tariff as OCPI 2.2.1 Tariff objects', async () => {
    const response = await call('ReadonlyAdmin', 'GET', `/web/tariffs/ocpi?locationId=${(await loginAs(t.app, 'ReadonlyAdmin')).locations[0]}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = ocpiTariffsResponseSchema.parse(response.json());
    const embarcadero = ocpiTariffsResponseSchema.parse(
      (await call('SuperAdmin', 'GET', `/web/tariffs/ocpi?locationId=${loc['sf-embarcadero']}`)).json(),
    );
    const [tariff] = embarcadero.data;
    expect(body.status_code).toBe(1000);
    expect(tariff).toMatchObject({ country_code: 'US', party_id: 'WDK', currency: 'USD', type: 'REGULAR' });
    expect(tariff!.elements).toEqual(
      expect.arrayContaining([
        {
          price_components: [
            { type: 'ENERGY', price: 0.48, step_size: 1 },
            { type: 'TIME', price: 1, step_size: 1 },
          ],
          restrictions: { day_of_week: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], start_time: '17:00', end_time: '21:00' },
        },
        { price_components: [{ type: 'ENERGY', price: 0.32, step_size: 1 }], restrictions: { day_of_week: ['SUNDAY', 'SATURDAY'] } },
        { price_components: [{ type: 'PARKING_TIME', price: 24, step_size: 1 }], restrictions: { start_time: '06:00', end_time: '22:00' } },
      ]),
    );
    // Earlier tests set Embarcadero's maximum stay to 3 hours ($12 overstay) and the default session fee to $0.80.
    expect(tariff!.elements.slice(0, 2)).toEqual([
      { price_components: [{ type: 'FLAT', price: 12.8, step_size: 1 }], restrictions: { min_duration: 10_800 } },
      { price_components: [{ type: 'FLAT', price: 0.8, step_size: 1 }] },
    ]);
  });
});
