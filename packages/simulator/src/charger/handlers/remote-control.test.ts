import { describe, expect, it } from 'vitest';
import { useChargerHarness } from '../../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

describe('commands from the central system', () => {
  it('remote start and stop', async () => {
    const charger = makeCharger();
    await charger.connect();
    expect(await central.command(charger.chargerId, 'RemoteStartTransaction', { idTag: 'DRIVER-0042', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    // Answered before acting, so a second start on the same connector is refused straight away.
    expect(await central.command(charger.chargerId, 'RemoteStartTransaction', { idTag: 'DRIVER-0043', connectorId: 1 })).toEqual({
      status: 'Rejected',
    });
    await central.waitFor(() => charger.activeTransactionId() !== undefined);
    expect(central.callsOf('StartTransaction')[0]!.params.idTag).toBe('DRIVER-0042');
    const transactionId = charger.activeTransactionId()!;

    expect(await central.command(charger.chargerId, 'RemoteStopTransaction', { transactionId: transactionId + 1 })).toEqual({ status: 'Rejected' });
    expect(await central.command(charger.chargerId, 'RemoteStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });
    const stop = await central.waitFor(() => central.callsOf('StopTransaction')[0]);
    expect(stop.params).toMatchObject({ transactionId, reason: 'Remote' });
    expect(stop.params.idTag).toBeUndefined();
    await central.waitFor(() => charger.connector(1).status === 'Available');
    expect(charger.received.map((command) => command.method)).toEqual([
      'RemoteStartTransaction',
      'RemoteStartTransaction',
      'RemoteStopTransaction',
      'RemoteStopTransaction',
    ]);
  });

  it('reset: stops the session, reboots and boots again', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.startSession({ idTag: 'DRIVER-0009' });
    expect(await central.command(charger.chargerId, 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('BootNotification').length === 2);
    expect(central.callsOf('StopTransaction')[0]!.params.reason).toBe('SoftReset');
    await central.waitFor(() => charger.connected && central.callsOf('StatusNotification').at(-1)!.params.status === 'Available');
    expect(charger.activeTransactionId()).toBeUndefined();
  });

  it('unlock connector stops a running session', async () => {
    const charger = makeCharger();
    await charger.connect();
    await charger.startSession({ idTag: 'DRIVER-0009' });
    expect(await central.command(charger.chargerId, 'UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    const stop = await central.waitFor(() => central.callsOf('StopTransaction')[0]);
    expect(stop.params.reason).toBe('UnlockCommand');
    expect(await central.command(charger.chargerId, 'UnlockConnector', { connectorId: 5 })).toEqual({ status: 'NotSupported' });
  });
});
