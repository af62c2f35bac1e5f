import { describe, expect, it } from 'vitest';
import { startAutopilot } from '../../autopilot.ts';
import { useCsms201Harness } from '../../testing/csms201-harness.ts';
import type { RecordedCall } from '../../testing/ocpp-test-server.ts';

const { central, makeCharger } = useCsms201Harness();

type Sample = { value: number; measurand?: string; context?: string; unitOfMeasure?: { unit?: string } };
const samplesOf = (call: RecordedCall) => (call.params.meterValue as { sampledValue: Sample[] }[])[0]!.sampledValue;
const energyOf = (call: RecordedCall) => samplesOf(call).find((sample) => sample.measurand === 'Energy.Active.Import.Register')!.value;
const evseStatuses = (calls: RecordedCall[]) => calls.map(({ params }) => `${String(params.evseId)}:${String(params.connectorStatus)}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('a 2.0.1 charger against an independent 2.0.1 CSMS (strict schemas both ways)', () => {
  it('boots with its station data, reports each EVSE’s connector and sends heartbeats', async () => {
    const charger = makeCharger({ connectors: 2, serialNumber: 'SN-201-0001', model: 'Sim AC 11 kW', heartbeatIntervalSeconds: 0.05 });
    const answer = await charger.connect();
    expect(answer.status).toBe('Accepted');
    expect(charger.protocol).toBe('2.0.1');
    expect(central.callsOf('BootNotification')[0]!.params).toEqual({
      reason: 'PowerUp',
      chargingStation: { model: 'Sim AC 11 kW', vendorName: 'Wattdesk', firmwareVersion: '1.4.2', serialNumber: 'SN-201-0001' },
    });
    expect(central.callsOf('StatusNotification').map((call) => call.params)).toEqual([
      { timestamp: expect.any(String), connectorStatus: 'Available', evseId: 1, connectorId: 1 },
      { timestamp: expect.any(String), connectorStatus: 'Available', evseId: 2, connectorId: 1 },
    ]);
    await central.waitFor(() => central.callsOf('Heartbeat').length >= 2);
  });

  it('authorizes a card and runs a transaction: Started, Updated with meter values, Ended, one UUID and seqNo from 0', async () => {
    const charger = makeCharger();
    await charger.connect();
    const { idTagInfo } = await charger.authorize('04A3F2B1');
    expect(idTagInfo.status).toBe('Accepted');
    expect(central.callsOf('Authorize')[0]!.params).toEqual({ idToken: { idToken: '04A3F2B1', type: 'ISO14443' } });

    const started = await charger.startSession({ idTag: '04A3F2B1' });
    expect(started.idTagInfo.status).toBe('Accepted');
    const uuid = charger.transactionUuid(1);
    expect(uuid).toMatch(UUID);
    await central.waitFor(() => central.callsOf('TransactionEvent').length >= 4);
    await charger.stopSession({ reason: 'Local' });
    expect(charger.transactionUuid(1)).toBeUndefined();

    const events = central.callsOf('TransactionEvent');
    expect(events.map((call) => call.params.seqNo)).toEqual(events.map((_, index) => index));
    expect(events.every((call) => (call.params.transactionInfo as { transactionId: string }).transactionId === uuid)).toBe(true);
    expect(events[0]!.params).toMatchObject({
      eventType: 'Started',
      triggerReason: 'Authorized',
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: '04A3F2B1', type: 'ISO14443' },
      transactionInfo: { chargingState: 'Charging' },
    });
    const updates = events.slice(1, -1);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates.every((call) => call.params.eventType === 'Updated' && call.params.triggerReason === 'MeterValuePeriodic')).toBe(true);
    expect(samplesOf(updates[0]!).map((sample) => sample.measurand)).toEqual(
      expect.arrayContaining(['Energy.Active.Import.Register', 'Power.Active.Import', 'SoC']),
    );
    expect(samplesOf(updates[0]!)[0]).toMatchObject({ context: 'Sample.Periodic', unitOfMeasure: { unit: 'Wh' } });
    const ended = events.at(-1)!;
    expect(ended.params).toMatchObject({
      eventType: 'Ended',
      triggerReason: 'StopAuthorized',
      transactionInfo: { stoppedReason: 'Local' },
      idToken: { idToken: '04A3F2B1' },
    });
    const energies = events.map(energyOf);
    expect([...energies].sort((a, b) => a - b)).toEqual(energies);
    expect(energies.at(-1)!).toBeGreaterThan(energies[0]!);
    // Preparing, Charging and Finishing are all Occupied in 2.0.1: said once.
    expect(evseStatuses(central.callsOf('StatusNotification'))).toEqual(['1:Available', '1:Occupied', '1:Available']);

    // A second transaction gets a new UUID and starts again at seqNo 0.
    await charger.startSession({ idTag: 'DRIVER-0007' });
    const next = central.callsOf('TransactionEvent').at(-1)!.params;
    expect(next).toMatchObject({ eventType: 'Started', seqNo: 0 });
    expect((next.transactionInfo as { transactionId: string }).transactionId).not.toBe(uuid);
  });

  it('ends a transaction whose token the CSMS refuses (Deauthorized) and sends MeterValues outside transactions', async () => {
    const charger = makeCharger();
    await charger.connect();
    const answer = await charger.startSession({ idTag: 'BLOCKED-1' });
    expect(answer.idTagInfo.status).toBe('Blocked');
    expect(central.callsOf('TransactionEvent').at(-1)!.params).toMatchObject({
      eventType: 'Ended',
      triggerReason: 'Deauthorized',
      transactionInfo: { stoppedReason: 'DeAuthorized' },
    });
    await charger.sendMeterValues(1, 'Trigger');
    expect(central.callsOf('MeterValues')[0]!.params).toMatchObject({ evseId: 1 });
  });

  it('a fault: Faulted, and NotifyEvent on the connector’s Problem with the error code; cleared when it ends', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.fault(1, 'GroundFailure');
    await charger.clearFault(1);
    expect(evseStatuses(central.callsOf('StatusNotification'))).toEqual(['1:Available', '1:Faulted', '1:Available']);
    const problems = central.callsOf('NotifyEvent').map((call) => (call.params.eventData as Record<string, unknown>[])[0]);
    expect(problems).toMatchObject([
      {
        actualValue: 'true',
        techCode: 'GroundFailure',
        component: { name: 'Connector', evse: { id: 1, connectorId: 1 } },
        variable: { name: 'Problem' },
      },
      { actualValue: 'false', cleared: true },
    ]);
  });

  it('runs the autopilot: drivers authorize, charge and leave', async () => {
    const charger = makeCharger();
    await charger.connect();
    const stop = startAutopilot(charger, { timeScale: 6000, sessionMinutes: [1, 2], idleMinutes: [0.1, 0.2], faultChance: 0 });
    try {
      await central.waitFor(() => central.callsOf('TransactionEvent').some((call) => call.params.eventType === 'Ended'), 20_000);
    } finally {
      stop();
    }
    expect(central.callsOf('Authorize').length).toBeGreaterThanOrEqual(1);
  });
});
