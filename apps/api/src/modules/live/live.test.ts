import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveFeed } from '../../../test/live-stream.ts';
import { startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { loginAs } from '../../../test/test-app.ts';

describe('live feed (server-sent events)', () => {
  let t: OcppTestApp;
  beforeAll(async () => {
    t = await startOcppApp();
  });
  afterAll(() => t.close());

  it('a charger’s session start reaches a watching browser within 2 s, and its location only', async () => {
    const charger = await t.registerCharger('oak-jack-london');
    const elsewhere = await t.registerCharger('sf-mission-bay');
    const feed = await openLiveFeed(t.baseUrl, t.token, t.locations['oak-jack-london']);
    expect(feed.response.headers.get('content-type')).toContain('text/event-stream');
    const simulator = t.simulate(charger);
    const other = t.simulate(elsewhere);
    await Promise.all([simulator.connect(), other.connect()]);
    await feed.next((event) => event.id === charger.id && event.reason === 'connected');

    const sentAt = Date.now();
    await simulator.startSession({ connectorId: 1, idTag: 'DRIVER-0500' });
    const started = await feed.next((event) => event.id === charger.id && event.reason === 'session-started', 2000);
    expect(started.receivedAt - sentAt).toBeLessThan(2000);
    expect(started.data).toMatchObject({ chargerId: charger.chargerId, locationId: t.locations['oak-jack-london'] });

    await simulator.sendMeterValues(1);
    await feed.next((event) => event.id === charger.id && event.reason === 'meter-values', 2000);
    expect(feed.events.some((entry) => 'id' in entry.data && entry.data.id === elsewhere.id)).toBe(false);
    feed.close();
  });

  it('without a location: every change the user may see, nothing beyond', async () => {
    const mine = await t.registerCharger('oak-jack-london');
    const notMine = await t.registerCharger('sj-sap-center');
    const admin = await loginAs(t.app, 'MobileAdmin');
    const feed = await openLiveFeed(t.baseUrl, admin.access_token);
    // A feed that sees everything tells when the other charger's change was published; this feed gets its events
    // in the order they were published, so once it has an event published after that change, it has had its chance.
    const everything = await openLiveFeed(t.baseUrl, t.token);
    await Promise.all([feed.ready(), everything.ready()]);
    await t.simulate(notMine).connect();
    await everything.next((event) => event.id === notMine.id && event.reason === 'connected');
    await t.simulate(mine).connect();
    await feed.next((event) => event.id === mine.id && event.reason === 'connected');
    expect(feed.events.some((entry) => 'id' in entry.data && entry.data.id === notMine.id)).toBe(false);
    everything.close();
    feed.close();
  });

  it('refuses without a token, and a location out of reach', async () => {
    expect((await fetch(`${t.baseUrl}/web/live`)).status).toBe(401);
    const admin = await loginAs(t.app, 'MobileAdmin');
    const response = await fetch(`${t.baseUrl}/web/live?locationId=${t.locations['sj-sap-center']}`, {
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(response.status).toBe(403);
  });
});
