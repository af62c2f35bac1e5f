import { describe, expect, it } from 'vitest';
import { decide, energyLimitKwh, localClock, withinHours, type RestrictionRules, type TagHolder } from './authorization-rules.ts';

const open: RestrictionRules = {
  allowedLocationIds: [],
  allowedChargerIds: [],
  allowedDays: 'all-days',
  hourFrom: null,
  hourTo: null,
  maxKwhPerSession: null,
  maxSessionsPerDay: null,
  expiresOn: null,
};
const holder = (overrides: Partial<TagHolder> = {}): TagHolder => ({
  driverId: 'driver',
  accountId: 'driver',
  status: 'ACTIVE',
  main: null,
  allowedLocationIds: [],
  allowedChargerIds: [],
  allowedDays: 'all-days',
  hourFrom: null,
  hourTo: null,
  maxKwhPerSession: null,
  maxSessionsPerDay: null,
  expiresOn: null,
  card: 'active',
  paymentFailed: false,
  ...overrides,
});
const none = { driver: 0, account: 0 };
// Saturday 26 December 2026, 23:30 in Los Angeles (07:30 UTC on the 27th).
const saturdayNight = { chargerId: 'c1', locationId: 'l1', timeZone: 'America/Los_Angeles', at: new Date('2026-12-27T07:30:00Z') };

describe('the rules Authorize applies', () => {
  it('reads the day, weekday and hour of the location, not of UTC', () => {
    expect(localClock(saturdayNight.at, 'America/Los_Angeles')).toEqual({ day: '2026-12-26', weekday: 6, hour: 23 });
    expect(localClock(saturdayNight.at, 'Europe/Berlin')).toEqual({ day: '2026-12-27', weekday: 0, hour: 8 });
  });

  it('hour windows include the start, exclude the end and may wrap past midnight', () => {
    expect([7, 18, 19, 6].map((hour) => withinHours(hour, 7, 19))).toEqual([true, true, false, false]);
    expect([22, 23, 0, 5, 6, 12].map((hour) => withinHours(hour, 22, 6))).toEqual([true, true, true, true, false, false]);
  });

  it('explains each refusal, status first', () => {
    expect(decide(holder(), saturdayNight, none)).toEqual({ status: 'Accepted', reason: 'accepted' });
    expect(decide(holder({ status: 'INACTIVE', expiresOn: '2020-01-01' }), saturdayNight, none)).toEqual({
      status: 'Blocked',
      reason: 'the driver is deactivated',
    });
    expect(decide(holder({ main: { ...open, status: 'INACTIVE' } }), saturdayNight, none).reason).toBe(
      'the main user of this sub-user is deactivated',
    );
    expect(decide(holder({ expiresOn: '2026-12-26' }), saturdayNight, none).status).toBe('Accepted');
    expect(decide(holder({ expiresOn: '2026-12-25' }), saturdayNight, none)).toEqual({
      status: 'Expired',
      reason: 'access expired after 2026-12-25',
    });
    expect(decide(holder({ allowedChargerIds: ['c2'] }), saturdayNight, none).reason).toBe('not allowed at this charger');
    expect(decide(holder({ allowedDays: 'weekdays' }), saturdayNight, none).reason).toBe('allowed on weekdays only');
    expect(decide(holder({ allowedDays: 'weekends' }), saturdayNight, none).status).toBe('Accepted');
    expect(decide(holder({ hourFrom: 7, hourTo: 19 }), saturdayNight, none).reason).toBe('outside the allowed hours 7 AM to 7 PM');
    expect(decide(holder({ hourFrom: 22, hourTo: 6 }), saturdayNight, none).status).toBe('Accepted');
    expect(decide(holder({ maxSessionsPerDay: 2 }), saturdayNight, { driver: 1, account: 1 }).status).toBe('Accepted');
    expect(decide(holder({ maxSessionsPerDay: 2 }), saturdayNight, { driver: 2, account: 2 }).reason).toBe('already 2 of 2 sessions today');
  });

  it('refuses an account whose payment failed or whose card needs replacing, and one without a card where the location refuses those', () => {
    expect(decide(holder({ paymentFailed: true }), saturdayNight, none)).toEqual({
      status: 'Blocked',
      reason: 'payment failed: update the card on file',
    });
    expect(decide(holder({ card: 'requires_update' }), saturdayNight, none).reason).toBe('payment failed: update the card on file');
    expect(decide(holder({ card: 'none' }), saturdayNight, none).status).toBe('Accepted');
    expect(decide(holder({ card: 'none' }), { ...saturdayNight, refuseWithoutCard: true }, none)).toEqual({
      status: 'Blocked',
      reason: 'no card on file',
    });
    expect(decide(holder(), { ...saturdayNight, refuseWithoutCard: true }, none).status).toBe('Accepted');
    // The driver's own restrictions are explained first.
    expect(decide(holder({ paymentFailed: true, allowedDays: 'weekdays' }), saturdayNight, none).reason).toBe('allowed on weekdays only');
  });

  it("holds a sub-user to its main user's account as well as to its own restrictions", () => {
    const subUser = (main: Partial<RestrictionRules>, own: Partial<TagHolder> = {}) =>
      holder({ driverId: 'sub', accountId: 'main', main: { ...open, status: 'ACTIVE', ...main }, ...own });
    expect(decide(subUser({}), saturdayNight, none).status).toBe('Accepted');
    expect(decide(subUser({ allowedDays: 'weekdays' }), saturdayNight, none).reason).toBe("main user's account: allowed on weekdays only");
    expect(decide(subUser({ expiresOn: '2026-01-01' }), saturdayNight, none)).toEqual({
      status: 'Expired',
      reason: "main user's account: access expired after 2026-01-01",
    });
    expect(decide(subUser({ allowedLocationIds: ['l2'] }), saturdayNight, none).reason).toBe("main user's account: not allowed at this location");
    // The sub-user's own restriction is explained first.
    expect(decide(subUser({ hourFrom: 7, hourTo: 19 }, { allowedChargerIds: ['c2'] }), saturdayNight, none).reason).toBe(
      'not allowed at this charger',
    );
    // The account's daily limit counts the sessions of the whole account; the sub-user's own, its own.
    expect(decide(subUser({ maxSessionsPerDay: 3 }), saturdayNight, { driver: 0, account: 3 }).reason).toBe(
      "main user's account: already 3 of 3 sessions today",
    );
    expect(decide(subUser({ maxSessionsPerDay: 3 }, { maxSessionsPerDay: 1 }), saturdayNight, { driver: 1, account: 1 }).reason).toBe(
      'already 1 of 1 sessions today',
    );
    expect(decide(subUser({ maxSessionsPerDay: 3 }), saturdayNight, { driver: 0, account: 2 }).status).toBe('Accepted');
  });

  it('a session keeps to the lower kWh limit of the sub-user and its account', () => {
    expect(energyLimitKwh(holder())).toBeNull();
    expect(energyLimitKwh(holder({ maxKwhPerSession: 20 }))).toBe(20);
    expect(energyLimitKwh(holder({ main: { ...open, status: 'ACTIVE', maxKwhPerSession: 12 } }))).toBe(12);
    expect(energyLimitKwh(holder({ maxKwhPerSession: 8, main: { ...open, status: 'ACTIVE', maxKwhPerSession: 12 } }))).toBe(8);
  });
});
