import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Arrival = { status: string; at: number };

/**
 * A partner's Locations receiver for the push bench: records each EVSE PATCH it takes (status, arrival time by
 * performance.now(), the clock the bench stamps changes with) per EVSE uid; while "down" it answers 503 and
 * takes nothing.
 */
export const startPushReceiver = async () => {
  const arrivals = new Map<string, Arrival[]>();
  let down = false;
  let accepted = 0;
  let refused = 0;
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const at = performance.now();
      if (down) {
        refused += 1;
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end('down');
        return;
      }
      // /locations/{country_code}/{party_id}/{location_id}/{evse_uid}
      const parts = (request.url ?? '').split('/');
      if (request.method === 'PATCH' && parts.length === 6) {
        const body = JSON.parse(text) as { status?: string };
        const uid = parts[5]!;
        const list = arrivals.get(uid) ?? [];
        list.push({ status: body.status ?? '?', at });
        arrivals.set(uid, list);
        accepted += 1;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status_code: 1000, timestamp: new Date().toISOString() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    get accepted() {
      return accepted;
    },
    get refused() {
      return refused;
    },
    setDown: (value: boolean) => (down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
