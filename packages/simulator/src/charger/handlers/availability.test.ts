import { describe, expect, it } from 'vitest';
import { statuses, useChargerHarness } from '../../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

describe('commands from the central system', () => {
  it('change availability: accepted when idle, scheduled while charging and applied when the session ends', async () => {
    const charger = makeCharger({ connectors: 2 });
    await charger.connect();
    expect(await central.command(charger.chargerId, 'ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => charger.connector(2).status === 'Unavailable');
    expect(central.callsOf('StatusNotification').at(-1)!.params).toMatchObject({ connectorId: 2, status: 'Unavailable' });
    await expect(charger.startSession({ connectorId: 2, idTag: 'DRIVER-0001' })).rejects.toThrow();

    await charger.startSession({ connectorId: 1, idTag: 'DRIVER-0001' });
    expect(await central.command(charger.chargerId, 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).toEqual({ status: 'Scheduled' });
    expect(charger.connector(1).status).toBe('Charging');
    await charger.stopSession({ connectorId: 1 });
    expect(statuses(central.callsOf('StatusNotification')).slice(-2)).toEqual(['1:Finishing', '1:Unavailable']);

    expect(await central.command(charger.chargerId, 'ChangeAvailability', { connectorId: 0, type: 'Operative' })).toEqual({ status: 'Accepted' });
    // The connectors turn Available before their notifications reach the central system: wait for the last one.
    await central.waitFor(() => charger.connectors.every((connector) => connector.status === 'Available'));
    await central.waitFor(() => statuses(central.callsOf('StatusNotification')).at(-1) === '2:Available');
    expect(statuses(central.callsOf('StatusNotification')).slice(-3)).toEqual(['0:Available', '1:Available', '2:Available']);
    expect(await central.command(charger.chargerId, 'ChangeAvailability', { connectorId: 3, type: 'Operative' })).toEqual({ status: 'Rejected' });
  });
});
