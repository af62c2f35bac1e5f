import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { statuses, useChargerHarness } from '../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

describe('connecting', () => {
  it('boots, reports connector 0 and every connector Available, and adopts the heartbeat interval', async () => {
    const charger = makeCharger({ connectors: 2, vendor: 'Acme', model: 'AC22', firmwareVersion: '3.1.0' });
    const answer = await charger.connect();
    expect(answer.status).toBe('Accepted');
    expect(charger.connected).toBe(true);
    expect(charger.heartbeatIntervalSeconds).toBe(45);
    const chargerCalls = central.calls.filter((call) => call.chargerId === charger.chargerId);
    expect(chargerCalls.map((call) => call.method)).toEqual(['BootNotification', 'StatusNotification', 'StatusNotification', 'StatusNotification']);
    expect(chargerCalls[0]!.params).toMatchObject({ chargePointVendor: 'Acme', chargePointModel: 'AC22', firmwareVersion: '3.1.0' });
    expect(statuses(central.callsOf('StatusNotification'))).toEqual(['0:Available', '1:Available', '2:Available']);
  });

  it('sends heartbeats on its interval, optionally with a random first phase, and reports each call duration', async () => {
    const charger = makeCharger({ heartbeatIntervalSeconds: 0.03, jitterTimers: true, strictMode: false });
    const timings: { method: string; durationMs: number; ok: boolean }[] = [];
    charger.on('callCompleted', (timing) => timings.push(timing));
    await charger.connect();
    await central.waitFor(() => central.callsOf('Heartbeat').length >= 3);
    expect(timings[0]).toMatchObject({ method: 'BootNotification', ok: true });
    expect(timings.every((timing) => timing.durationMs >= 0 && timing.durationMs < 1000)).toBe(true);
  });

  it('comes back after an abrupt disconnect when reconnect is on, and reports its status again', async () => {
    const charger = makeCharger({ reconnect: true });
    await charger.connect();
    const before = central.callsOf('StatusNotification').length;
    const disconnected = once(charger, 'disconnected');
    charger.disconnectAbruptly();
    await disconnected;
    expect(charger.connected).toBe(false);
    await once(charger, 'connected');
    await central.waitFor(() => central.callsOf('StatusNotification').length >= before + 2);
    expect(central.callsOf('BootNotification')).toHaveLength(1);
  });
});
