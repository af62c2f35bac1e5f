import { describe, expect, it } from 'vitest';
import { useChargerHarness } from '../../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

describe('commands from the central system', () => {
  it('trigger message: heartbeat, meter values and status on request', async () => {
    const charger = makeCharger();
    await charger.connect();
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).toEqual({ status: 'Accepted' });
    await central.waitFor(() => central.callsOf('Heartbeat').length === 1);
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    const triggered = await central.waitFor(() => central.callsOf('MeterValues')[0]);
    expect((triggered.params.meterValue as { sampledValue: { context: string }[] }[])[0]!.sampledValue[0]!.context).toBe('Trigger');
    expect(await central.command(charger.chargerId, 'TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
  });
});
