import { describe, expect, it } from 'vitest';
import { useChargerHarness } from '../../testing/charger-harness.ts';

// The 1.6J central system: it offers only ocpp1.6.
const { central, makeCharger } = useChargerHarness();

describe('a 2.0.1 charger at a server that selects only ocpp1.6', () => {
  it('falls back to 1.6, as a real charger offering both does: boots, charges and answers commands in 1.6', async () => {
    const charger = makeCharger({ protocol: '2.0.1' });
    await charger.connect();
    expect(charger.protocol).toBe('1.6');
    expect(central.callsOf('BootNotification')[0]!.params).toMatchObject({ chargePointVendor: 'Wattdesk', firmwareVersion: '1.4.2' });
    const { transactionId } = await charger.startSession({ idTag: 'DRIVER-0007' });
    expect(central.callsOf('StartTransaction')[0]!.params).toMatchObject({ connectorId: 1, idTag: 'DRIVER-0007' });
    expect(await central.command(charger.chargerId, 'RemoteStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('StopTransaction').length === 1);
    expect(central.callsOf('StopTransaction')[0]!.params).toMatchObject({ transactionId, reason: 'Remote' });
  });
});
