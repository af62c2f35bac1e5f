import { describe, expect, it } from 'vitest';
import { energyOf, statuses, useChargerHarness } from '../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

describe('sessions', () => {
  it('runs a session: Preparing, StartTransaction, Charging, meter values with rising energy, StopTransaction, Finishing, Available', async () => {
    const charger = makeCharger();
    await charger.connect();
    const { transactionId, idTagInfo } = await charger.startSession({ idTag: 'DRIVER-0007' });
    expect(idTagInfo.status).toBe('Accepted');
    expect(charger.activeTransactionId()).toBe(transactionId);
    expect(charger.connector(1).status).toBe('Charging');

    await central.waitFor(() => central.callsOf('MeterValues').length >= 4);
    const meterCalls = central.callsOf('MeterValues');
    expect(meterCalls.every((call) => call.params.transactionId === transactionId)).toBe(true);
    const energies = meterCalls.map(energyOf);
    expect([...energies].sort((a, b) => a - b)).toEqual(energies);
    expect(energies.at(-1)!).toBeGreaterThan(energies[0]!);
    const [sample] = meterCalls.at(-1)!.params.meterValue as { sampledValue: { measurand: string; unit: string; context: string }[] }[];
    expect(sample!.sampledValue.map((value) => value.measurand)).toEqual([
      'Energy.Active.Import.Register',
      'Power.Active.Import',
      'Current.Import',
      'Voltage',
      'SoC',
    ]);
    expect(sample!.sampledValue[0]).toMatchObject({ unit: 'Wh', context: 'Sample.Periodic' });

    const start = central.callsOf('StartTransaction')[0]!.params;
    const stopAnswer = await charger.stopSession({ reason: 'Local' });
    expect(stopAnswer.idTagInfo?.status).toBe('Accepted');
    const stop = central.callsOf('StopTransaction')[0]!.params;
    expect(stop).toMatchObject({ transactionId, reason: 'Local', idTag: 'DRIVER-0007' });
    expect(stop.meterStop as number).toBeGreaterThanOrEqual(energies.at(-1)!);
    expect(stop.meterStop as number).toBeGreaterThan(start.meterStart as number);
    expect(stop.transactionData).toHaveLength(1);
    expect(statuses(central.callsOf('StatusNotification')).slice(-4)).toEqual(['1:Preparing', '1:Charging', '1:Finishing', '1:Available']);
    expect(charger.activeTransactionId()).toBeUndefined();

    // The register carries on from where the last session ended.
    await charger.startSession({ idTag: '04A3F2B1' });
    const secondStart = central.callsOf('StartTransaction')[1]!.params;
    expect(secondStart.meterStart as number).toBeGreaterThanOrEqual(stop.meterStop as number);
  });

  it('refuses to start on a busy connector', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.startSession({ idTag: 'DRIVER-0001' });
    await expect(charger.startSession({ idTag: 'DRIVER-0002' })).rejects.toThrow(/cannot start/);
  });

  it('ends a session the server did not accept (DeAuthorized)', async () => {
    const charger = makeCharger();
    await charger.connect();
    const answer = await charger.startSession({ idTag: 'BLOCKED-1' });
    expect(answer.idTagInfo.status).toBe('Blocked');
    expect(central.callsOf('StopTransaction')[0]!.params.reason).toBe('DeAuthorized');
    expect(charger.connector(1).status).toBe('Available');
  });

  it('closing with stopSessions also stops a session whose StartTransaction was still on its way', async () => {
    const charger = makeCharger();
    await charger.connect();
    const starting = charger.startSession({ idTag: 'DRIVER-0003' });
    await charger.close({ stopSessions: true });
    const { transactionId } = await starting;
    expect(central.callsOf('StartTransaction')).toHaveLength(1);
    expect(central.callsOf('StopTransaction').map((call) => call.params.transactionId)).toEqual([transactionId]);
  });

  it('faults and recovers', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.fault(1);
    expect(central.callsOf('StatusNotification').at(-1)!.params).toMatchObject({ connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure' });
    expect(charger.isFree(1)).toBe(false);
    await charger.clearFault(1);
    expect(central.callsOf('StatusNotification').at(-1)!.params).toMatchObject({ status: 'Available', errorCode: 'NoError' });
  });
});

describe('the charger’s own clock', () => {
  it('stamps statuses, the session and its meter values with it, and counts energy by it', async () => {
    let now = Date.parse('2026-11-18T00:50:00Z');
    const charger = makeCharger({ clock: () => now, meterIntervalSeconds: 3600, powerKw: 6, timeScale: 1 });
    await charger.connect();
    await charger.startSession({ idTag: 'DRIVER-CLOCK' });
    now += 20 * 60_000;
    await charger.sendMeterValues(1);
    await charger.stopSession({ reason: 'Local' });
    const start = central.callsOf('StartTransaction')[0]!.params;
    const [sample] = central.callsOf('MeterValues').at(-1)!.params.meterValue as { timestamp: string }[];
    expect(start.timestamp).toBe('2026-11-18T00:50:00.000Z');
    expect(sample!.timestamp).toBe('2026-11-18T01:10:00.000Z');
    // 20 minutes at up to 6 kW: at most 2 kWh.
    const energy = energyOf(central.callsOf('MeterValues').at(-1)!) - (start.meterStart as number);
    expect(energy).toBeGreaterThan(500);
    expect(energy).toBeLessThanOrEqual(2000);
  });
});
