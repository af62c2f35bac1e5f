import type { ChargerListResponse } from '@wattdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';

/** Status you can trust: offline wins over what a charger last reported, which stays as lastKnownStatus. */
describe('charger status: offline wins, the last report is kept', () => {
  let t: OcppTestApp;
  beforeAll(async () => {
    t = await startOcppApp();
  });
  afterAll(() => t.close());

  const list = async (query: string) => (await t.api('GET', `/web/chargers?pageSize=100&${query}`)).body as unknown as ChargerListResponse;
  const idsOf = (page: ChargerListResponse) => page.items.map((item) => item.id);

  it('a charger that drops off mid-session is offline in the list and the counts, and keeps Charging as its last known status', async () => {
    const locationId = t.locations['sf-mission-bay']!;
    const registered = await t.registerCharger('sf-mission-bay');
    expect(await t.charger(registered.id)).toMatchObject({ status: 'offline', lastKnownStatus: null });

    const simulated = t.simulate(registered, { reconnect: false });
    await simulated.connect();
    await simulated.startSession({ connectorId: 1, idTag: 'DRIVER-0042' });
    await eventually(async () =>
      expect(await t.charger(registered.id)).toMatchObject({ connected: true, status: 'charging', lastKnownStatus: 'charging' }),
    );
    const online = await list(`locationId=${locationId}`);
    expect(idsOf(await list(`locationId=${locationId}&status=charging`))).toContain(registered.id);

    simulated.disconnectAbruptly();
    const offline = await eventually(async () => {
      const current = await t.charger(registered.id);
      expect(current).toMatchObject({ connected: false, status: 'offline', lastKnownStatus: 'charging' });
      return current;
    });
    // What it last reported is still there to show, as history.
    expect(offline.connectors.find((connector) => connector.connectorId === 1)?.status).toBe('Charging');
    expect(offline.activeSessions).toHaveLength(1);

    const after = await list(`locationId=${locationId}`);
    expect(after.statusCounts.charging).toBe(online.statusCounts.charging - 1);
    expect(after.statusCounts.offline).toBe(online.statusCounts.offline + 1);
    expect(idsOf(await list(`locationId=${locationId}&status=charging`))).not.toContain(registered.id);
    expect(idsOf(await list(`locationId=${locationId}&status=offline`))).toContain(registered.id);
    const everywhere = await list('status=charging');
    expect(idsOf(everywhere)).not.toContain(registered.id);

    // Back online, it is what it reports again.
    await simulated.connect();
    await eventually(async () =>
      expect(await t.charger(registered.id)).toMatchObject({ connected: true, status: 'charging', lastKnownStatus: 'charging' }),
    );
  });

  it('demo chargers nobody has connected are offline (or in maintenance), each with what it last reported', async () => {
    const seeded = (await list('')).items.filter((charger) => !charger.chargerId.startsWith('WD-T-'));
    expect(seeded.length).toBeGreaterThan(30);
    for (const charger of seeded) {
      expect(charger.connected).toBe(false);
      expect(charger.status).toBe(charger.availability === 'inoperative' ? 'maintenance' : 'offline');
    }
    expect(new Set(seeded.map((charger) => charger.lastKnownStatus))).toEqual(new Set(['available', 'charging', 'maintenance', 'faulted', null]));
    const oneLocation = await list(`locationId=${t.locations['oak-jack-london']!}`);
    expect(oneLocation.statusCounts).toMatchObject({ charging: 0, available: 0, faulted: 0 });
    expect(oneLocation.statusCounts.offline).toBeGreaterThan(0);
  });
});
