import { evseUidOf, ocpiEvseSchema, ocpiEvseStatusPatchSchema } from '@wattdesk/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargers, ocpiOutbox } from '../../../db/schema/index.ts';
import { connectTestPartner } from '../../../../test/ocpi-peer.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../../test/ocpp-harness.ts';

/**
 * A charger's status reaching partners: a StatusNotification from a real OCPP connection at a published location
 * queues one PATCH of its EVSE for a connected partner (mod_locations "PATCH Method"); elsewhere, nothing.
 */
describe('OCPI Locations: EVSE status pushes', () => {
  let t: OcppTestApp;
  let partner: Awaited<ReturnType<typeof connectTestPartner>>;

  const pushesFor = (locationId: string, uid: string) =>
    t.database.db
      .select()
      .from(ocpiOutbox)
      .where(and(eq(ocpiOutbox.partnerId, partner.id), like(ocpiOutbox.path, `/US/WDK/${locationId}/${uid}`)))
      .orderBy(ocpiOutbox.id);

  /** A registered charger with one J1772 connector, connected and reporting Available. */
  const onlineCharger = async (locationKey: string) => {
    const created = await t.registerCharger(locationKey);
    await t.database.db
      .update(chargers)
      .set({ connectorTypes: ['J1772'] })
      .where(eq(chargers.chargerId, created.chargerId));
    const simulator = t.simulate(created);
    await simulator.connect();
    await simulator.setStatus(1, 'Available');
    return { simulator, chargerId: created.chargerId, locationId: t.locations[locationKey]! };
  };

  beforeAll(async () => {
    t = await startOcppApp();
    partner = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: 'http://127.0.0.1:9', modules: ['locations'] });
    expect((await t.api('PUT', `/web/locations/${t.locations['oak-jack-london']}/roaming`, { publishToRoaming: true })).status).toBe(200);
  });
  afterAll(() => t.close());

  it('a status change of a published location queues exactly one PATCH {status, last_updated} of its EVSE', async () => {
    const { simulator, chargerId, locationId } = await onlineCharger('oak-jack-london');
    const uid = evseUidOf(chargerId, 1);
    const before = (await pushesFor(locationId, uid)).length;
    await simulator.setStatus(1, 'Charging');
    const pushes = await eventually(async () => {
      const rows = (await pushesFor(locationId, uid)).slice(before);
      expect(rows.length).toBeGreaterThan(0);
      return rows;
    });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ method: 'PATCH', module: 'locations', objectKey: `location:${locationId}` });
    expect(ocpiEvseStatusPatchSchema.parse(pushes[0]!.body).status).toBe('CHARGING');

    // The same status again is no news; partners pulling see what was pushed.
    await simulator.setStatus(1, 'Charging');
    expect((await pushesFor(locationId, uid)).slice(before)).toHaveLength(1);
    const evse = await t.app.inject({
      method: 'GET',
      url: `/ocpi/2.2.1/locations/${locationId}/${uid}`,
      headers: { authorization: partner.authorization },
    });
    expect(ocpiEvseSchema.parse(evse.json<{ data: unknown }>().data).status).toBe('CHARGING');
  });

  it('a charger going offline is UNKNOWN to partners', async () => {
    const { simulator, chargerId, locationId } = await onlineCharger('oak-jack-london');
    const uid = evseUidOf(chargerId, 1);
    simulator.disconnectAbruptly();
    const statuses = await eventually(async () => {
      const rows = (await pushesFor(locationId, uid)).map((row) => (row.body as { status: string }).status);
      expect(rows.at(-1)).toBe('UNKNOWN');
      return rows;
    });
    expect(statuses.filter((status) => status === 'UNKNOWN')).toHaveLength(1);
  });

  it('a status change at an unpublished location queues nothing', async () => {
    const { simulator, chargerId, locationId } = await onlineCharger('oak-uptown');
    await simulator.setStatus(1, 'Charging');
    await simulator.setStatus(1, 'Faulted');
    expect(await pushesFor(locationId, evseUidOf(chargerId, 1))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(ocpiOutbox)
        .where(eq(ocpiOutbox.objectKey, `location:${locationId}`)),
    ).toEqual([]);
  });
});
