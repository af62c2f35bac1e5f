import { DEMO_CHARGER_PASSWORD, type CreatedCharger } from '@wattdesk/shared';
import { SimulatedCharger } from '@wattdesk/simulator';
import { createScratchDatabase } from '@wattdesk/test-support';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { chargers } from '../../db/schema/index.ts';
import { seedDemoDataIfEmpty } from '../../db/seed/seed.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { lostMeterValues, pumpTelemetry, startBalancer, storedStatusAt, type Pump } from '../../../test/drain-traffic.ts';
import { eventually, startOcppApp } from '../../../test/ocpp-harness.ts';
import { authed, loginAs, testConfig, testEngine } from '../../../test/test-app.ts';
import { DRAIN_CLOSE_CODE } from './ocpp.service.ts';

const redisUrl = process.env.REDIS_URL;
const databaseServer = process.env.TEST_DATABASE_URL;

/** Every pump has had `count` MeterValues answered. */
const untilAcked = (pumps: readonly Pump[], count: number) =>
  eventually(() => expect(Math.min(...pumps.map((pump) => pump.meterAcked.length))).toBeGreaterThanOrEqual(count));

const closeCode = (charger: SimulatedCharger) =>
  new Promise<number | undefined>((resolve) => charger.once('disconnected', (event) => resolve(event.code)));

/**
 * Issue 45: a node that drains (SIGTERM) loses nothing it acknowledged. The telemetry interval is a minute, so what
 * the chargers were answered is still in memory when the drain begins: only the drain's flush can store it.
 */
describe('a draining node (one node, on the test engine)', () => {
  it('says so on /readyz, stores every charger message it answered and an HTTP write it acknowledged, and closes chargers with 1012', async () => {
    const t = await startOcppApp({ env: { OCPP_TELEMETRY_FLUSH_MS: '60000', OCPP_TELEMETRY_BATCH_ROWS: '100000' } });
    const simulated: SimulatedCharger[] = [];
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
      const registered = await Promise.all([1, 2, 3].map(() => t.registerCharger()));
      const pumps = await Promise.all(
        registered.map(async (charger, index) => {
          const simulator = t.simulate(charger);
          simulated.push(simulator);
          await simulator.connect();
          const { transactionId } = await simulator.startSession({ connectorId: 1, idTag: `DRIVER-004${index + 2}` });
          return pumpTelemetry(simulator, transactionId);
        }),
      );
      const closes = simulated.map(closeCode);
      await untilAcked(pumps, 5);
      const written: CreatedCharger = await t.registerCharger();

      const drained = t.app.drain();
      const readiness = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(readiness.statusCode).toBe(503);
      expect(readiness.json()).toEqual({ responseCode: 503, msg: ['The node is draining: it takes no new work'], code: 'NOT_READY' });
      // Alive all the same: an orchestrator must not kill it for draining.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await drained;
      await Promise.all(pumps.map((pump) => pump.stop()));

      expect(await Promise.all(closes)).toEqual([DRAIN_CLOSE_CODE, DRAIN_CLOSE_CODE, DRAIN_CLOSE_CODE]);
      for (const pump of pumps) {
        expect(pump.meterAcked.length).toBeGreaterThanOrEqual(5);
        expect(await lostMeterValues(t.database.db, pump)).toEqual([]);
        expect(await storedStatusAt(t.database.db, pump.charger.chargerId)).toBeGreaterThanOrEqual(pump.statusAcked.at(-1)!);
      }
      expect(await t.database.db.select({ id: chargers.id }).from(chargers).where(eq(chargers.id, written.id))).toHaveLength(1);
      // The node holds no charger any more: a dashboard on another node shows them offline, not on this one.
      const held = await t.database.db.select({ node: chargers.connectedNode }).from(chargers).where(eq(chargers.id, registered[0]!.id));
      expect(held).toEqual([{ node: null }]);
    } finally {
      await Promise.allSettled(simulated.map((simulator) => simulator.close()));
      await t.database.close();
    }
  });
});

type Node = { app: FastifyInstance; database: DatabaseHandle; baseUrl: string };

/**
 * Two nodes on one PostgreSQL and one Redis behind a balancer that follows /readyz, as in production. Runs where
 * both exist (TEST_DATABASE_URL and REDIS_URL); PGlite cannot be shared by two nodes.
 */
describe.skipIf(testEngine !== 'postgres' || !redisUrl || !databaseServer)('a rolling restart of one of two nodes', () => {
  it('moves every charger to the other node through the balancer, losing none of the messages the drained node answered', async () => {
    const scratch = await createScratchDatabase(databaseServer!, 'wattdesk_drain');
    const nodes: Node[] = [];
    const simulated: SimulatedCharger[] = [];
    let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
    try {
      for (let index = 0; index < 2; index += 1) {
        const database = await openDatabase({ engine: 'postgres', url: scratch.url, poolSize: 4, statementTimeoutMs: 10_000 });
        if (index === 0) {
          await database.migrate();
          await seedDemoDataIfEmpty(database.db);
        }
        const app = await buildApp({
          config: testConfig({ REDIS_URL: redisUrl!, OCPP_TELEMETRY_FLUSH_MS: '60000', OCPP_TELEMETRY_BATCH_ROWS: '100000' }),
          database,
          logger: false,
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        nodes.push({ app, database, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
      }
      const [a, b] = nodes as [Node, Node];
      balancer = await startBalancer([a.baseUrl, b.baseUrl]);
      const token = (await loginAs(a.app, 'SuperAdmin')).access_token;
      const locationId = (await demoLocationIds(a.database.db))['oak-jack-london']!;
      const register = async (name: string) => {
        const response = await a.app.inject(
          authed(token, { method: 'POST', url: '/web/chargers', payload: { locationId, chargerId: name, name, kind: 'smart' } }),
        );
        expect(response.statusCode).toBe(201);
        return response.json<CreatedCharger>();
      };
      const registered = await Promise.all([1, 2, 3, 4].map((index) => register(`WD-DRAIN-${index}`)));
      const pumps = await Promise.all(
        registered.map(async (charger, index) => {
          const simulator = new SimulatedCharger({
            url: balancer!.url,
            chargerId: charger.chargerId,
            password: charger.ocppPassword ?? DEMO_CHARGER_PASSWORD,
            meterIntervalSeconds: 3600,
            autoHeartbeat: false,
            stepDelayMs: 20,
            callTimeoutMs: 5000,
            reconnect: true,
          });
          simulated.push(simulator);
          await simulator.connect();
          const { transactionId } = await simulator.startSession({ connectorId: 1, idTag: `DRIVER-004${index + 2}` });
          return pumpTelemetry(simulator, transactionId, { reconnectWithinMs: 30_000 });
        }),
      );
      expect(a.app.ocpp.connectedCount()).toBe(4);
      await untilAcked(pumps, 5);
      const written = await register('WD-DRAIN-WRITTEN');

      await a.app.drain();
      await a.database.close();
      const answeredByA = pumps.map((pump) => pump.meterAcked.length);
      // Back on node B, and talking again there.
      await eventually(() => expect(b.app.ocpp.connectedCount()).toBe(4), 30_000);
      await eventually(() => pumps.forEach((pump, index) => expect(pump.meterAcked.length).toBeGreaterThan(answeredByA[index]! + 3)), 30_000);
      await Promise.all(pumps.map((pump) => pump.stop()));
      await b.app.ocpp.flushTelemetry();

      for (const pump of pumps) {
        expect(await lostMeterValues(b.database.db, pump)).toEqual([]);
        expect(await storedStatusAt(b.database.db, pump.charger.chargerId)).toBeGreaterThanOrEqual(pump.statusAcked.at(-1)!);
      }
      expect(await b.database.db.select({ id: chargers.id }).from(chargers).where(eq(chargers.id, written.id))).toHaveLength(1);
      const onB = await b.app.inject(authed(token, { method: 'GET', url: `/web/chargers/${registered[0]!.id}` }));
      expect(onB.json()).toMatchObject({ connected: true });
      nodes.shift();
    } finally {
      await Promise.allSettled(simulated.map((simulator) => simulator.close()));
      await balancer?.close();
      for (const node of nodes) {
        await node.app.close();
        await node.database.close().catch(() => undefined);
      }
      await scratch.drop();
    }
  });
});
