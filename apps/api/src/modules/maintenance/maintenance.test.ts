import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { authed, loginAs } from '../../../test/test-app.ts';

describe('maintenance: ChangeAvailability now for connected chargers, on reconnect for the others', () => {
  let t: OcppTestApp;
  beforeAll(async () => {
    t = await startOcppApp();
  });
  afterAll(() => t.close());

  it('round trip: in maintenance (online now, offline on reconnect), then back in service', async () => {
    const online = await t.registerCharger('oak-uptown');
    const offline = await t.registerCharger('oak-uptown');
    const onlineCharger = t.simulate(online);
    await onlineCharger.connect();
    await eventually(async () => expect((await t.charger(online.id)).connected).toBe(true));

    const start = await t.api('POST', '/web/maintenance', { chargerIds: [online.id, offline.id], inMaintenance: true });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      msg: ['selected chargers are in maintenance now'],
      applied: [{ id: online.id, chargerId: online.chargerId, status: 'Accepted' }],
      pending: [{ id: offline.id, chargerId: offline.chargerId }],
    });
    expect(onlineCharger.received.find((command) => command.method === 'ChangeAvailability')?.params).toEqual({
      connectorId: 0,
      type: 'Inoperative',
    });
    await eventually(async () => expect((await t.charger(online.id)).connectors.find((c) => c.connectorId === 1)?.status).toBe('Unavailable'));
    for (const id of [online.id, offline.id]) expect(await t.charger(id)).toMatchObject({ availability: 'inoperative', status: 'maintenance' });

    const overview = await t.api('GET', `/web/maintenance?locationId=${t.locations['oak-uptown']}`);
    expect((overview.body.chargers as { id: string }[]).map((c) => c.id)).toEqual(expect.arrayContaining([online.id, offline.id]));
    expect(
      (overview.body.history as { chargerId: string; action: string; actorEmail: string }[]).filter((h) =>
        [online.chargerId, offline.chargerId].includes(h.chargerId),
      ),
    ).toEqual([
      expect.objectContaining({ action: 'start', actorEmail: 'superadmin@example.com' }),
      expect.objectContaining({ action: 'start', actorEmail: 'superadmin@example.com' }),
    ]);

    // The charger that was offline gets it as soon as it connects (and boots).
    const lateCharger = t.simulate(offline);
    await lateCharger.connect();
    await eventually(() =>
      expect(lateCharger.received.find((command) => command.method === 'ChangeAvailability')?.params).toEqual({
        connectorId: 0,
        type: 'Inoperative',
      }),
    );

    const end = await t.api('POST', '/web/maintenance', { chargerIds: [online.id, offline.id], inMaintenance: false });
    expect(end.body).toMatchObject({ msg: ['selected chargers are back in service now'], pending: [] });
    expect(onlineCharger.received.filter((command) => command.method === 'ChangeAvailability').at(-1)?.params).toEqual({
      connectorId: 0,
      type: 'Operative',
    });
    await eventually(async () => {
      for (const id of [online.id, offline.id]) expect(await t.charger(id)).toMatchObject({ availability: 'operative', status: 'available' });
    });
  });

  it('a charger offline when maintenance ends is told Operative when it comes back', async () => {
    const registered = await t.registerCharger('oak-uptown');
    const charger = t.simulate(registered);
    await charger.connect();
    await t.api('POST', '/web/maintenance', { chargerIds: [registered.id], inMaintenance: true });
    await eventually(async () => expect((await t.charger(registered.id)).connectors.find((c) => c.connectorId === 1)?.status).toBe('Unavailable'));

    charger.disconnectAbruptly();
    await eventually(async () => expect((await t.charger(registered.id)).connected).toBe(false));
    const end = await t.api('POST', '/web/maintenance', { chargerIds: [registered.id], inMaintenance: false });
    expect(end.body).toMatchObject({ pending: [{ id: registered.id }] });

    await charger.connect();
    await eventually(() =>
      expect(charger.received.filter((command) => command.method === 'ChangeAvailability').at(-1)?.params).toEqual({
        connectorId: 0,
        type: 'Operative',
      }),
    );
    await eventually(async () =>
      expect(await t.charger(registered.id)).toMatchObject({ availability: 'operative', status: 'available', connected: true }),
    );
  });

  it('refuses an empty selection, unknown chargers and chargers of locations out of reach', async () => {
    expect((await t.api('POST', '/web/maintenance', { chargerIds: [], inMaintenance: true })).body.msg).toContain('Select at least one charger');
    const unknown = await t.api('POST', '/web/maintenance', { chargerIds: ['00000000-0000-4000-8000-000000000000'], inMaintenance: true });
    expect(unknown.status).toBe(404);
    const elsewhere = await t.registerCharger('sj-sap-center');
    const mobileAdmin = await loginAs(t.app, 'MobileAdmin');
    const response = await t.app.inject(
      authed(mobileAdmin.access_token, { method: 'POST', url: '/web/maintenance', payload: { chargerIds: [elsewhere.id], inMaintenance: true } }),
    );
    // MobileAdmin may do maintenance, but only where they have access.
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
    expect((await t.charger(elsewhere.id)).availability).toBe('operative');
  });
});
