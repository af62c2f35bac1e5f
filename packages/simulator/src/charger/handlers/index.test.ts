import { describe, expect, it } from 'vitest';
import { useChargerHarness } from '../../testing/charger-harness.ts';

const { central, makeCharger } = useChargerHarness();

describe('commands from the central system', () => {
  it('unknown commands are answered NotImplemented; every command is announced', async () => {
    const charger = makeCharger();
    await charger.connect();

    await expect(central.command(charger.chargerId, 'SendLocalList', { listVersion: 2, updateType: 'Full' })).rejects.toMatchObject({
      rpcErrorCode: 'NotImplemented',
    });
    const commands: string[] = [];
    charger.on('command', ({ method }) => commands.push(method));
    await central.command(charger.chargerId, 'ClearCache', {});
    expect(commands).toEqual(['ClearCache']);
  });
});
