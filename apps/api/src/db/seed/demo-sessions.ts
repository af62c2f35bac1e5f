import { priceSession, type Tariff } from '@wattdesk/shared';
import type { Executor } from '../client.ts';
import type { PoolDriver } from './demo-driver-pool.ts';
import { chargingSessions, meterSamples, sessionLineItems, sessionPrices, sessionStatusChanges, violations } from '../schema/index.ts';

const HOUR = 3_600_000;
const SAMPLE_EVERY = 15 * 60_000;

type DemoCharger = { id: string; locationId: string };
type Plan = { daysAgo: number; startHour: number; chargingHours: number; idleHours: number; kwh: number; idTag: string };

/** A week of sessions: some charge and leave, some stay plugged in long after (idle fees, violations). */
const PLANS: readonly Plan[] = [
  { daysAgo: 1, startHour: 8.5, chargingHours: 2, idleHours: 0.1, kwh: 14.2, idTag: 'DRIVER-1001' },
  { daysAgo: 2, startHour: 16.25, chargingHours: 3, idleHours: 1.5, kwh: 21.6, idTag: 'DRIVER-1002' },
  { daysAgo: 4, startHour: 19, chargingHours: 4.5, idleHours: 6, kwh: 38.4, idTag: 'FLEET-2001' },
  { daysAgo: 6, startHour: 12, chargingHours: 1, idleHours: 0, kwh: 6.9, idTag: 'DRIVER-1003' },
];

/** Local hours are near enough for demo data: the start is placed on a UTC day at the plan's hour plus 8. */
const startOf = (plan: Plan, now: number) => Math.floor(now / 86_400_000 - plan.daysAgo) * 86_400_000 + (plan.startHour + 8) * HOUR;

/**
 * Demo sessions on the given chargers, with meter values and statuses, each priced by the engine with its
 * location's tariff and stored like a stop stores it: price, line items, violations.
 */
export const seedDemoSessions = async (
  tx: Executor,
  chargers: readonly DemoCharger[],
  tariffOf: (locationId: string) => { versionId: string; tariff: Tariff; timeZone: string },
  /** The full demo's drivers by location: each session is one of theirs. Without them (tests), the plans' tags. */
  pool?: ReadonlyMap<string, readonly PoolDriver[]>,
  now = Date.now(),
) => {
  for (const [n, charger] of chargers.entries()) {
    const plan = PLANS[n % PLANS.length]!;
    const startedAt = startOf(plan, now);
    const fullAt = startedAt + plan.chargingHours * HOUR;
    const stoppedAt = fullAt + plan.idleHours * HOUR;
    const meterStartWh = 100_000 + n * 7_000;
    const meterStopWh = meterStartWh + plan.kwh * 1000;
    const { versionId, tariff, timeZone } = tariffOf(charger.locationId);
    const drivers = pool?.get(charger.locationId) ?? [];
    const driver = drivers.length ? drivers[n % drivers.length]! : { driverId: null, idTag: plan.idTag };
    const [session] = await tx
      .insert(chargingSessions)
      .values({
        chargerId: charger.id,
        locationId: charger.locationId,
        connectorId: 1,
        idTag: driver.idTag,
        driverId: driver.driverId,
        status: 'completed',
        startedAt: new Date(startedAt),
        stoppedAt: new Date(stoppedAt),
        meterStartWh,
        meterLastWh: meterStopWh,
        meterStopWh,
        stopReason: 'EVDisconnected',
        tariffVersionId: versionId,
      })
      .returning({ id: chargingSessions.id });
    const sessionId = session!.id;
    const samples = [];
    for (let at = startedAt + SAMPLE_EVERY; at < stoppedAt; at += SAMPLE_EVERY) {
      const share = Math.min(1, (at - startedAt) / (fullAt - startedAt));
      samples.push({ sessionId, sampledAt: new Date(at), energyWh: meterStartWh + share * plan.kwh * 1000, powerW: share < 1 ? 7_200 : 0 });
    }
    if (samples.length) await tx.insert(meterSamples).values(samples);
    const statuses = [{ sessionId, at: new Date(startedAt), status: 'Charging' }];
    if (plan.idleHours > 0) statuses.push({ sessionId, at: new Date(fullAt), status: 'SuspendedEV' });
    await tx.insert(sessionStatusChanges).values(statuses);

    const price = priceSession(
      tariff,
      {
        startedAt,
        endedAt: stoppedAt,
        meterStartWh,
        meterEndWh: meterStopWh,
        samples: samples.map((s) => ({ at: s.sampledAt.getTime(), energyWh: s.energyWh })),
        statuses: statuses.map((s) => ({ at: s.at.getTime(), status: s.status })),
      },
      timeZone,
    );
    await tx.insert(sessionPrices).values({
      sessionId,
      locationId: charger.locationId,
      tariffVersionId: versionId,
      currency: price.currency,
      total: price.total,
      energyWh: price.energyWh,
      chargingSeconds: price.chargingSeconds,
      idleSeconds: price.idleSeconds,
      pricedAt: new Date(stoppedAt),
    });
    await tx.insert(sessionLineItems).values(price.items.map((item, position) => ({ ...item, sessionId, position })));
    if (price.violations.length)
      await tx.insert(violations).values(
        price.violations.map((v) => ({
          sessionId,
          locationId: charger.locationId,
          chargerId: charger.id,
          idTag: driver.idTag,
          rule: v.rule,
          amount: v.amount,
          currency: price.currency,
          detectedAt: new Date(stoppedAt),
          limitMinutes: v.limitMinutes,
          actualMinutes: v.actualMinutes,
        })),
      );
  }
};
