import type { DpoOverview } from '@wattdesk/shared';
import type { SimulatedCharger } from '@wattdesk/simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, powerAllocations } from '../../db/schema/index.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';

const METER_SECONDS = 0.3;
const MIN_KW = 1.4;

describe('dynamic power with simulated chargers: 10 chargers under a 50 kW limit', () => {
  let t: OcppTestApp;
  let locationId: string;
  const fleet: SimulatedCharger[] = [];
  /** The power each charger last reported in MeterValues, and when. */
  const reported = new Map<string, { powerW: number; at: number }>();

  beforeAll(async () => {
    t = await startOcppApp();
    locationId = t.locations['sj-sap-center']!;
    const registered = await Promise.all(Array.from({ length: 10 }, () => t.registerCharger('sj-sap-center')));
    for (const one of registered) {
      // 7.2 kW chargers (the registered rating), 600× time so EVs ramp up within a sample or two.
      const charger = t.simulate(one, { meterIntervalSeconds: METER_SECONDS, timeScale: 600, reconnect: true });
      charger.on('meterValues', ({ powerW, transactionId }) => {
        if (transactionId !== undefined) reported.set(charger.chargerId, { powerW, at: Date.now() });
      });
      fleet.push(charger);
    }
    await Promise.all(fleet.map((charger) => charger.connect()));
  });
  afterAll(() => t.close());

  const overview = async () => (await t.api('GET', `/web/dpo?locationId=${locationId}`)).body as unknown as DpoOverview;
  const charging = () => fleet.filter((charger) => charger.activeTransactionId() !== undefined);

  /** Every session's share is accepted by its charger, then a full meter interval passes and reports are read. */
  const settledReports = async (expectedShareKw: number) => {
    await eventually(async () => {
      const sessions = (await overview()).chargers.flatMap((charger) => charger.sessions);
      expect(sessions).toHaveLength(charging().length);
      for (const session of sessions) expect(session).toMatchObject({ allocatedKw: expectedShareKw, profileStatus: 'Accepted' });
    }, 5000);
    const since = Date.now();
    await eventually(() => charging().forEach((charger) => expect(reported.get(charger.chargerId)?.at).toBeGreaterThan(since)), 5000);
    return charging().map((charger) => reported.get(charger.chargerId)!.powerW);
  };
  const withinLimit = (powers: number[], limitKw: number) => {
    expect(powers.reduce((sum, power) => sum + power, 0)).toBeLessThanOrEqual(limitKw * 1000 * 1.01);
    for (const power of powers) expect(power).toBeGreaterThanOrEqual(MIN_KW * 1000 * 0.97);
  };

  it('keeps the sum under the limit through starts, stops and a limit change, and re-applies profiles on reconnect', async () => {
    const saved = await t.api('PUT', '/web/dpo/limit', {
      locationId,
      enabled: true,
      limitMode: 'fixed',
      limitKw: 50,
      periods: [],
      minPerSessionKw: MIN_KW,
    });
    expect(saved).toMatchObject({ status: 200, body: { msg: ['dynamic power limit updated'] } });
    // Every connected charger got the default for new sessions (the minimum) before any session started.
    await eventually(() => fleet.forEach((charger) => expect(charger.received.map((command) => command.method)).toContain('SetChargingProfile')));

    await Promise.all(fleet.map((charger, index) => charger.startSession({ idTag: `DRIVER-${String(index).padStart(4, '0')}` })));
    withinLimit(await settledReports(5), 50);

    await Promise.all(fleet.slice(0, 4).map((charger) => charger.stopSession()));
    // Six sessions could take 43.2 kW: each gets its charger's full 7.2 kW.
    withinLimit(await settledReports(7.2), 50);
    // The stopped sessions' allocations are removed, not left to pile up.
    await eventually(async () =>
      expect(await t.database.db.select().from(powerAllocations).where(eq(powerAllocations.locationId, locationId))).toHaveLength(6),
    );

    const lowered = await t.api('PUT', '/web/dpo/limit', {
      locationId,
      enabled: true,
      limitMode: 'fixed',
      limitKw: 20,
      periods: [],
      minPerSessionKw: MIN_KW,
    });
    expect(lowered.status).toBe(200);
    withinLimit(await settledReports(3.3), 20);
    // The DPO screen's figures: the limit in force, what is allocated, and what the chargers report (written in batches).
    await eventually(async () => {
      const view = await overview();
      expect(view).toMatchObject({ effectiveLimitKw: 20, allocatedKw: 20 });
      expect(view.actualKw).toBeGreaterThan(15);
      expect(view.actualKw).toBeLessThanOrEqual(20.2);
    });

    const [audit] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'dpo.limit_updated'), eq(activityLogs.locationId, locationId)));
    expect(audit).toMatchObject({ actorEmail: 'superadmin@example.com', entity: 'location' });

    // A charger that drops off and comes back gets the charger-wide profiles and its session's share again.
    const returning = charging()[0]!;
    const before = returning.received.length;
    returning.disconnectAbruptly();
    await eventually(() => {
      const resent = returning.received.slice(before).filter((command) => command.method === 'SetChargingProfile');
      const purposes = resent.map(
        (command) => (command.params as { csChargingProfiles: { chargingProfilePurpose: string } }).csChargingProfiles.chargingProfilePurpose,
      );
      expect(purposes).toEqual(expect.arrayContaining(['TxDefaultProfile', 'TxProfile']));
    }, 10_000);
    withinLimit(await settledReports(3.3), 20);
  }, 60_000);

  it('refuses what a limit cannot be, with the field’s message', async () => {
    const bad = await t.api('PUT', '/web/dpo/limit', {
      locationId,
      enabled: true,
      limitMode: 'time-of-day',
      limitKw: -1,
      periods: [],
      minPerSessionKw: MIN_KW,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toEqual(
      expect.arrayContaining(['Charging limit must be a number of zero or more', 'Add at least one period for a limit by time of day']),
    );
  });
});
