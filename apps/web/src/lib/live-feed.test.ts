import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@wattdesk/shared/schemas/charging';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from './api-client.ts';
import { backoffDelay, runLiveFeed, type LiveFeedOptions, type LiveFeedStatus } from './live-feed.ts';

/** A real server speaking the live feed's protocol; each test sets how it answers. */
let server: Server;
let handler: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
const requests: { url: string; auth: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', auth: req.headers.authorization });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests.length = 0;
});

const stream = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });
const chargerEvent = (id: string): LiveEvent => ({
  id,
  chargerId: `WD-${id}`,
  locationId: 'loc-a',
  reason: 'status',
  at: '2026-11-22T10:00:00.000Z',
});

/** Runs the feed until `until` says enough; answers what it saw. */
const run = async (
  until: (seen: { events: LiveEvent[]; statuses: LiveFeedStatus[]; resyncs: number }) => boolean,
  options: Partial<LiveFeedOptions> = {},
) => {
  const controller = new AbortController();
  const seen = { events: [] as LiveEvent[], statuses: [] as LiveFeedStatus[], resyncs: 0, sleeps: [] as number[] };
  const check = () => {
    if (until(seen)) controller.abort();
  };
  const done = runLiveFeed({
    locationId: 'loc-a',
    signal: controller.signal,
    getToken: () => 'token-1',
    refresh: async () => false,
    // The back-off is recorded, not waited out: the test checks the delays asked for, and only yields a turn.
    sleep: async (ms) => {
      seen.sleeps.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    random: () => 0.5,
    onEvent: (event) => {
      seen.events.push(event);
      check();
    },
    onStatus: (status) => {
      seen.statuses.push(status);
      check();
    },
    onResync: () => {
      seen.resyncs += 1;
      check();
    },
    ...options,
  });
  const timeout = setTimeout(() => controller.abort(), 5000);
  await done;
  clearTimeout(timeout);
  return seen;
};

describe('runLiveFeed', () => {
  it('sends the bearer token and the location, goes live on ready, and hands over valid charger events', async () => {
    handler = (_req, res) => {
      stream(res);
      res.write('retry: 3000\nevent: ready\ndata: {}\n\n: keepalive\n\n');
      res.write(`event: charger\ndata: ${JSON.stringify(chargerEvent('c1'))}\n\n`);
      res.write('event: charger\ndata: {"not":"an event"}\n\nevent: charger\ndata: not json\n\n');
      res.write(`event: charger\ndata: ${JSON.stringify(chargerEvent('c2'))}\n\n`);
    };
    const seen = await run((s) => s.events.length === 2);
    expect(requests[0]).toEqual({ url: '/web/live?locationId=loc-a', auth: 'Bearer token-1' });
    expect(seen.statuses).toEqual(['connecting', 'live']);
    expect(seen.events.map((event) => event.id)).toEqual(['c1', 'c2']);
  });

  it('follows every location in reach when no location is given', async () => {
    handler = (_req, res) => {
      stream(res);
      res.write('event: ready\ndata: {}\n\n');
    };
    await run((s) => s.statuses.includes('live'), { locationId: null });
    expect(requests[0]?.url).toBe('/web/live');
  });

  it('after a 401 renews the token and connects again with the new one', async () => {
    let token = 'old';
    handler = (req, res) => {
      if (req.headers.authorization !== 'Bearer new') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"responseCode":401,"msg":["Please sign in to continue"]}');
        return;
      }
      stream(res);
      res.write('event: ready\ndata: {}\n\n');
    };
    const seen = await run((s) => s.statuses.includes('live'), {
      getToken: () => token,
      refresh: async () => {
        token = 'new';
        return true;
      },
    });
    expect(requests.map((request) => request.auth)).toEqual(['Bearer old', 'Bearer new']);
    expect(seen.sleeps).toEqual([]);
  });

  it('stops for good when the server refuses (403): no retry loop', async () => {
    handler = (_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end('{"responseCode":403,"msg":["No access"]}');
    };
    const seen = await run(() => false);
    expect(seen.statuses).toEqual(['connecting', 'unavailable']);
    expect(requests).toHaveLength(1);
  });

  it('reconnects when the stream ends, and asks for a resync once it is back', async () => {
    let count = 0;
    handler = (_req, res) => {
      count += 1;
      stream(res);
      res.end('event: ready\ndata: {}\n\n');
    };
    const seen = await run((s) => s.resyncs === 1);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(seen.statuses.slice(0, 4)).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  });

  it('backs off after failures (500, network error) and treats a silent connection as dead', async () => {
    let count = 0;
    handler = (req, res) => {
      count += 1;
      if (count === 1) {
        res.writeHead(500);
        res.end();
      } else if (count === 2) {
        req.socket.destroy();
      } else {
        stream(res);
        res.write('event: ready\ndata: {}\n\n');
      }
    };
    const seen = await run((s) => s.resyncs === 1, { stallMs: 150 });
    expect(seen.sleeps.slice(0, 2)).toEqual([1000, 2000]);
    expect(count).toBeGreaterThanOrEqual(4);
  });

  it('backoff doubles up to 30 s, spread ±25 %', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffDelay(0, () => 0)).toBe(750);
    expect(backoffDelay(0, () => 1)).toBe(1250);
  });
});
