import type { SimulatedCharger } from '@wattdesk/simulator';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { chargingSessions, meterSamples } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/sql-helpers.ts';

/**
 * A charger talking without pause across a drain: MeterValues and StatusNotifications one after the other, each
 * with a time of its own, and what got a CALLRESULT noted — what the charger was told is stored.
 */
export type Pump = {
  charger: SimulatedCharger;
  transactionId: number;
  /** Times (ms) of the MeterValues and StatusNotifications answered with a CALLRESULT. */
  meterAcked: number[];
  statusAcked: number[];
  /** Calls that failed (a closed socket, a call left unanswered by the drain): the charger was told nothing. */
  unanswered: number;
  stop: () => Promise<void>;
};

/**
 * Starts the pump. Times start an hour back, 100 ms apart, so no two samples of the session share a time (a
 * sample is stored once per session and time) and none is later than the charger's own reports after a reconnect.
 * A charger that lost its connection waits for it to come back (`reconnectWithinMs`), else the pump ends.
 */
export const pumpTelemetry = (charger: SimulatedCharger, transactionId: number, { reconnectWithinMs = 0 } = {}): Pump => {
  let running = true;
  let at = Date.now() - 3_600_000;
  const pump: Pump = { charger, transactionId, meterAcked: [], statusAcked: [], unanswered: 0, stop: async () => undefined };
  const loop = (async () => {
    for (let index = 0; running; index += 1) {
      at += 100;
      const timestamp = new Date(at).toISOString();
      const sent = at;
      try {
        if (index % 3 === 2) {
          await charger.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError', timestamp });
          pump.statusAcked.push(sent);
        } else {
          await charger.call('MeterValues', {
            connectorId: 1,
            transactionId,
            meterValue: [{ timestamp, sampledValue: [{ value: String(1000 + index), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }],
          });
          pump.meterAcked.push(sent);
        }
      } catch {
        pump.unanswered += 1;
        const deadline = Date.now() + reconnectWithinMs;
        while (running && !charger.connected && Date.now() < deadline) await sleep(20);
        if (!charger.connected) return;
      }
    }
  })();
  pump.stop = async () => {
    running = false;
    await loop;
  };
  return pump;
};

/** The acknowledged MeterValues of a pump that are not in meter_samples: what a drain lost. */
export const lostMeterValues = async (db: Database, pump: Pump): Promise<number[]> => {
  const [session] = await db.select().from(chargingSessions).where(eq(chargingSessions.transactionId, pump.transactionId));
  if (!session) return pump.meterAcked;
  const stored = new Set(
    (await db.select({ at: meterSamples.sampledAt }).from(meterSamples).where(eq(meterSamples.sessionId, session.id))).map((row) => row.at.getTime()),
  );
  return pump.meterAcked.filter((at) => !stored.has(at));
};

/** When the connector's last stored status was reported (ms): at least the last acknowledged one's. */
export const storedStatusAt = async (db: Database, chargerCode: string): Promise<number | undefined> => {
  const [row] = rowsOf<{ at: number | string }>(
    await db.execute(sql`
      select round(extract(epoch from s.reported_at) * 1000)::float8 as at from connector_states s join chargers c on c.id = s.charger_id
      where c.charger_id = ${chargerCode} and s.connector_id = 1`),
  );
  return row ? Number(row.at) : undefined;
};

/**
 * The load balancer in front of two nodes, as small as it can be: a TCP proxy that sends each new connection to
 * the first backend whose /readyz answered 200 at its last look (every `intervalMs`). A draining node answers
 * 503, so chargers reconnecting after its 1012 reach the other node.
 */
export const startBalancer = async (backends: readonly string[], { intervalMs = 50 } = {}) => {
  const ready = backends.map(() => true);
  const sockets = new Set<Socket>();
  let looking = true;
  const look = (async () => {
    while (looking) {
      await Promise.all(
        backends.map(async (backend, index) => {
          try {
            ready[index] = (await fetch(`${backend}/readyz`, { signal: AbortSignal.timeout(1000) })).status === 200;
          } catch {
            ready[index] = false;
          }
        }),
      );
      await sleep(intervalMs);
    }
  })();
  const server = createServer((downstream) => {
    const index = ready.findIndex(Boolean);
    if (index < 0) return void downstream.destroy();
    const { hostname, port } = new URL(backends[index]!);
    const upstream = connect(Number(port), hostname);
    for (const socket of [downstream, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        downstream.destroy();
        upstream.destroy();
      });
    }
    downstream.pipe(upstream).pipe(downstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ready: () => [...ready],
    close: async () => {
      looking = false;
      await look;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
