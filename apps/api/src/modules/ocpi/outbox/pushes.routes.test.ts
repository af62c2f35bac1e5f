import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { connectTestPartner, startOcpiPeer } from '../../../../test/ocpi-peer.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../../test/test-app.ts';
import { enqueueForPartners } from './outbox.repository.ts';

describe('GET /web/roaming/partners/:id/pushes: what a partner is owed, for the Roaming screen', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let peer: Awaited<ReturnType<typeof startOcpiPeer>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCPI_OUTBOX_POLL_MS: '0' } });
    peer = await startOcpiPeer();
    partnerId = (await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url })).id;
    token = (await loginAs(t.app, 'SuperAdmin')).access_token;
    for (const key of ['LOC1', 'LOC2', 'LOC3'])
      await t.database.db.transaction((tx) =>
        enqueueForPartners(tx, { module: 'locations', objectKey: key, method: 'PUT', path: `/US/WDK/${key}`, body: {} }),
      );
    peer.respond((request) => (request.path.endsWith('LOC2') ? { status: 500 } : undefined));
    await t.app.ocpiOutbox.tick();
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });
  const list = (query: Record<string, string>, id = partnerId) =>
    t.app.inject(authed(token, { method: 'GET', url: `/web/roaming/partners/${id}/pushes`, query }));

  it('pages the pushes newest first and filters by state', async () => {
    const all = await list({ pageSize: '2' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 2, items: [{ objectKey: 'LOC3' }, { objectKey: 'LOC2' }] });
    expect((await list({ state: 'failing' })).json()).toMatchObject({
      total: 1,
      items: [{ objectKey: 'LOC2', attempts: 1, lastError: 'The partner answered HTTP 500', deliveredAt: null }],
    });
    expect((await list({ state: 'delivered' })).json()).toMatchObject({ total: 2 });
  });

  it('answers 404 with a sentence for a partner that does not exist, 400 for a bad state', async () => {
    const missing = await list({}, randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ responseCode: 404, msg: ['Roaming partner not found. It may have been removed; reload the list'] });
    expect((await list({ state: 'lost' })).statusCode).toBe(400);
  });
});
