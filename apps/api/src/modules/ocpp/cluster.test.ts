import { DEMO_CHARGER_PASSWORD } from '@wattdesk/shared';
import { SimulatedCharger } from '@wattdesk/simulator';
import { createScratchDatabase } from '@wattdesk/test-support';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { seedDemoDataIfEmpty } from '../../db/seed/seed.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { openLiveFeed } from '../../../test/live-stream.ts';
import { eventually } from '../../../test/ocpp-harness.ts';
import { authed, loginAs, testConfig, testEngine } from '../../../test/test-app.ts';

const redisUrl = process.env.REDIS_URL;
const databaseServer = process.env.TEST_DATABASE_URL;

/**
 * Two API nodes as in production: each its own process state and database pool, one PostgreSQL and one
 * Redis. Runs where both exist (CI sets TEST_DATABASE_URL and REDIS_URL); PGlite cannot be shared by two nodes.
 */
describe.skipIf(testEngine !== 'postgres' || !redisUrl || !databaseServer)('two API nodes through Redis pub/sub', () => {
  const nodes: { app: FastifyInstance; database: DatabaseHandle; baseUrl: string }[] = [];
  let drop: () => Promise<void>;
  let chargerCode: string;
  let chargerUuid: string;
  let locationId: string;
  let charger: SimulatedCharger;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(databaseServer!, 'wattdesk_cluster');
    drop = scratch.drop;
    for (let index = 0; index < 2; index += 1) {
      const database = await openDatabase({ engine: 'postgres', url: scratch.url, poolSize: 4, statementTimeoutMs: 10_000 });
      if (index === 0) {
        await database.migrate();
        await seedDemoDataIfEmpty(database.db);
      }
      const app = await buildApp({ config: testConfig({ REDIS_URL: redisUrl! }), database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push({ app, database, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
    locationId = (await demoLocationIds(nodes[0]!.database.db))['oak-jack-london']!;
    chargerCode = 'WD-OAK-JACK-LONDON-01';
    charger = new SimulatedCharger({
      url: nodes[0]!.baseUrl,
      chargerId: chargerCode,
      password: DEMO_CHARGER_PASSWORD,
      autoHeartbeat: false,
      meterIntervalSeconds: 3600,
      stepDelayMs: 20,
    });
    await charger.connect();
    const token = (await loginAs(nodes[1]!.app, 'SuperAdmin')).access_token;
    const list = await nodes[1]!.app.inject(authed(token, { method: 'GET', url: `/web/chargers?locationId=${locationId}&search=${chargerCode}` }));
    chargerUuid = list.json<{ items: { id: string }[] }>().items[0]!.id;
  });

  afterAll(async () => {
    await charger?.close();
    for (const node of nodes) {
      await node.app.close();
      await node.database.close();
    }
    await drop?.();
  });

  it('a charger connected to node A is commanded from a browser on node B', async () => {
    const token = (await loginAs(nodes[1]!.app, 'SuperAdmin')).access_token;
    await eventually(async () => {
      const response = await nodes[1]!.app.inject(authed(token, { method: 'GET', url: `/web/chargers/${chargerUuid}` }));
      expect(response.json()).toMatchObject({ connected: true });
    });
    const response = await nodes[1]!.app.inject(
      authed(token, { method: 'POST', url: `/web/chargers/${chargerUuid}/unlock`, payload: { connectorId: 1 } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Unlocked' });
    expect(charger.received.map((command) => command.method)).toContain('UnlockConnector');
  });

  it('a message of the charger on node A reaches a live feed on node B within 2 s', async () => {
    const token = (await loginAs(nodes[1]!.app, 'SuperAdmin')).access_token;
    const feed = await openLiveFeed(nodes[1]!.baseUrl, token, locationId);
    await feed.ready();
    const sentAt = Date.now();
    await charger.startSession({ connectorId: 1, idTag: 'DRIVER-CLUSTER' });
    const event = await feed.next((candidate) => candidate.id === chargerUuid && candidate.reason === 'session-started', 2000);
    expect(event.receivedAt - sentAt).toBeLessThan(2000);
    feed.close();
    await charger.stopSession({ connectorId: 1 });
  });
});
