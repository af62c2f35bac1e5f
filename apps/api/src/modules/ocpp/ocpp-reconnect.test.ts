import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerEvents, chargingSessions, meterSamples } from '../../db/schema/index.ts';
import { manualClock } from '../../../test/clock.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';

/** Decisions 012 (remembered credentials) and 013 (telemetry batches), through a real WebSocket. */
describe('OCPP reconnects and telemetry batches', () => {
  let t: OcppTestApp;
  beforeAll(async () => {
    // A long interval: only a full batch (3 rows) or a shutdown writes telemetry in these tests.
    t = await startOcppApp({ env: { OCPP_TELEMETRY_FLUSH_MS: '60000', OCPP_TELEMETRY_BATCH_ROWS: '3' } });
  });
  afterAll(() => t.close());

  const samplesOf = async (transactionId: number) => {
    const [session] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, transactionId));
    return t.database.db.select().from(meterSamples).where(eq(meterSamples.sessionId, session!.id));
  };

  it('a charger reconnecting is let in without another argon2 run; a new password locks the old one out at once', async () => {
    const registered = await t.registerCharger();
    const first = t.simulate(registered);
    await first.connect();
    await first.close();
    const before = t.app.ocpp.credentials();
    const again = t.simulate(registered);
    await again.connect();
    expect(t.app.ocpp.credentials()).toMatchObject({ hits: before.hits + 1, misses: before.misses });
    await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ connected: true }));
    await again.close();

    const { status, body } = await t.api('POST', `/web/chargers/${registered.id}/ocpp-password`);
    expect(status).toBe(200);
    await expect(t.simulate(registered).connect()).rejects.toMatchObject({ status: 401 });
    const renewed = t.simulate({ chargerId: registered.chargerId, ocppPassword: String(body.ocppPassword) });
    await expect(renewed.connect()).resolves.toMatchObject({ status: 'Accepted' });
    await renewed.close();
  });

  it('a boot is stored only when it reports something new: the same firmware keeps it, a new one replaces it, on a new connection or the same', async () => {
    const registered = await t.registerCharger();
    const charger = t.simulate(registered, { firmwareVersion: '2.0.1' });
    await charger.connect();
    await charger.close();
    const rebooted = t.simulate(registered, { firmwareVersion: '2.0.1' });
    await rebooted.connect();
    await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ connected: true, firmwareVersion: '2.0.1' }));
    await rebooted.close();
    const upgraded = t.simulate(registered, { firmwareVersion: '2.0.2' });
    await upgraded.connect();
    await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ connected: true, firmwareVersion: '2.0.2' }));
    // A second boot on the same connection (rolled back to what the handshake read) is judged against the register as
    // it is now: it holds 2.0.2, so 2.0.1 is news again.
    const { model } = await t.charger(registered.id);
    await upgraded.call('BootNotification', { chargePointVendor: 'Wattdesk', chargePointModel: model, firmwareVersion: '2.0.1' });
    await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ firmwareVersion: '2.0.1', model }));
    await upgraded.close();
  });

  it('a charger that drops and reconnects at once stays online (the old socket’s disconnect is written before the new connect)', async () => {
    const registered = await t.registerCharger();
    for (let round = 0; round < 10; round += 1) {
      const charger = t.simulate(registered);
      await charger.connect();
      await charger.sendMeterValues(1);
      await charger.close();
    }
    const last = t.simulate(registered);
    await last.connect();
    await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ connected: true }));
    // Still online once every socket's mark has landed: each is logged after it is written, the last one's after the
    // ten disconnects before it (marks go in rounds, so this takes a few of them).
    const logged = async (kind: string) =>
      (
        await t.database.db
          .select()
          .from(chargerEvents)
          .where(and(eq(chargerEvents.chargerId, registered.id), eq(chargerEvents.kind, kind)))
      ).length;
    await eventually(async () => expect([await logged('disconnected'), await logged('connected')]).toEqual([10, 11]), 10_000);
    expect(await t.charger(registered.id)).toMatchObject({ connected: true });
    await last.close();
  });

  it('a fleet coming back at once, its look-ups, marks and boots written in rounds: each charger gets its own answer', async () => {
    const fleet = await Promise.all(Array.from({ length: 12 }, () => t.registerCharger()));
    const [inMaintenance] = fleet;
    const maintenance = await t.api('POST', '/web/maintenance', { chargerIds: [inMaintenance!.id], inMaintenance: true });
    expect(maintenance.status).toBe(200);
    const chargers = fleet.map((registered, index) => t.simulate(registered, { firmwareVersion: `3.0.${index}` }));
    await Promise.all(chargers.map((charger) => charger.connect()));
    await eventually(async () => {
      for (const [index, registered] of fleet.entries())
        expect(await t.charger(registered.id)).toMatchObject({ connected: true, firmwareVersion: `3.0.${index}` });
    });
    await eventually(() =>
      expect(chargers[0]!.received.find((command) => command.method === 'ChangeAvailability')?.params).toEqual({
        connectorId: 0,
        type: 'Inoperative',
      }),
    );
    expect(chargers.slice(1).flatMap((charger) => charger.received.filter((command) => command.method === 'ChangeAvailability'))).toEqual([]);
    expect(await t.charger(inMaintenance!.id)).toMatchObject({ status: 'maintenance' });

    await Promise.all(chargers.map((charger) => charger.close()));
    await eventually(async () => {
      for (const registered of fleet)
        expect(await t.charger(registered.id)).toMatchObject({ connected: false, status: registered === inMaintenance ? 'maintenance' : 'offline' });
    });
  });

  it('writes a full batch at once, without waiting for the interval', async () => {
    const registered = await t.registerCharger();
    // The charger's clock moves by hand: each sample gets its own time (a sample is stored once per session and time).
    const clock = manualClock();
    const charger = t.simulate(registered, { clock: () => clock.now().getTime() });
    await charger.connect();
    const { transactionId } = await charger.startSession({ connectorId: 1, idTag: 'DRIVER-0042' });
    await charger.sendMeterValues(1);
    clock.advance(1000);
    await charger.sendMeterValues(1);
    clock.advance(1000);
    await charger.sendMeterValues(1);
    // Three samples plus the charger's last-seen time fill the batch: stored long before the 60 s interval.
    const samples = await eventually(async () => {
      const stored = await samplesOf(transactionId);
      expect(stored.length).toBeGreaterThanOrEqual(2);
      return stored;
    });
    expect(samples.every((sample) => sample.energyWh !== null)).toBe(true);
    await charger.close();
  });

  it('writes what is buffered when the server shuts down', async () => {
    const other = await startOcppApp({ env: { OCPP_TELEMETRY_FLUSH_MS: '60000', OCPP_TELEMETRY_BATCH_ROWS: '1000' } });
    try {
      const registered = await other.registerCharger();
      const charger = other.simulate(registered);
      await charger.connect();
      const { transactionId } = await charger.startSession({ connectorId: 1, idTag: 'DRIVER-0042' });
      await charger.sendMeterValues(1);
      const [session] = await other.database.db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, transactionId));
      const stored = () => other.database.db.select().from(meterSamples).where(eq(meterSamples.sessionId, session!.id));
      expect(await stored()).toEqual([]);
      await other.app.close();
      expect((await stored()).length).toBeGreaterThanOrEqual(1);
    } finally {
      await other.database.close();
    }
  });
});
