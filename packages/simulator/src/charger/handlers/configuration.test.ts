import { describe, expect, it } from 'vitest';
import { useChargerHarness } from '../../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

describe('commands from the central system', () => {
  it('configuration keys: read, changed when valid, refused when read-only or malformed, unknown ones not supported', async () => {
    const charger = makeCharger();
    await charger.connect();
    const config = (await central.command(charger.chargerId, 'GetConfiguration', { key: ['HeartbeatInterval', 'Nope'] })) as {
      configurationKey: { key: string; value: string }[];
      unknownKey: string[];
    };
    expect(config.configurationKey).toEqual([{ key: 'HeartbeatInterval', readonly: false, value: '45' }]);
    expect(config.unknownKey).toEqual(['Nope']);
    expect(await central.command(charger.chargerId, 'ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '15' })).toEqual({
      status: 'Accepted',
    });
    expect(charger.meterIntervalSeconds).toBe(15);
    expect(await central.command(charger.chargerId, 'ChangeConfiguration', { key: 'HeartbeatInterval', value: 'soon' })).toEqual({
      status: 'Rejected',
    });
    expect(await central.command(charger.chargerId, 'ChangeConfiguration', { key: 'NumberOfConnectors', value: '3' })).toEqual({
      status: 'Rejected',
    });
  });
});
