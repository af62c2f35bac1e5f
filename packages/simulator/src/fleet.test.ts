import { afterEach, describe, expect, it } from 'vitest';
import { ocppVersionInMix, startSimulatedFleet, type SimulatedFleet } from './fleet.ts';
import { startTestCsms201 } from './testing/ocpp201-test-server.ts';

let fleet: SimulatedFleet | undefined;
let csms: Awaited<ReturnType<typeof startTestCsms201>> | undefined;
afterEach(async () => {
  await fleet?.stop();
  await csms?.close();
});

describe('a mixed fleet', () => {
  it('every third charger prefers 2.0.1 and speaks it where the server offers both; the rest speak 1.6', async () => {
    csms = await startTestCsms201({ password: 'fleet-charger-password', alsoOcpp16: true });
    const ids = ['MIX-1', 'MIX-2', 'MIX-3', 'MIX-4', 'MIX-5', 'MIX-6'];
    fleet = startSimulatedFleet({
      url: csms.url,
      chargers: ids.map((chargerId, index) => ({ chargerId, password: 'fleet-charger-password', protocol: ocppVersionInMix(index) })),
      defaults: { reconnect: false, callTimeoutMs: 2000 },
    });
    await fleet.ready;
    await csms.waitFor(() => csms!.callsOf('StatusNotification').length >= ids.length);
    expect(fleet.chargers.map((charger) => charger.protocol)).toEqual(['1.6', '1.6', '2.0.1', '1.6', '1.6', '2.0.1']);
    const boots = csms.callsOf('BootNotification');
    expect(
      boots
        .filter((call) => 'chargingStation' in call.params)
        .map((call) => call.chargerId)
        .sort(),
    ).toEqual(['MIX-3', 'MIX-6']);
    expect(boots.filter((call) => 'chargePointVendor' in call.params)).toHaveLength(4);
    expect(csms.violations).toEqual([]);
  });
});
