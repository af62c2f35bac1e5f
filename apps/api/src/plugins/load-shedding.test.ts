import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/test-app.ts';

/**
 * Over a real socket, with one query slot and a line of one: the database is held by a test
 * transaction that locks the locations table, so the first request sits in its query until released.
 */
let t: TestApp;
let base: string;
let token: string;
let locationId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { DB_MAX_CONCURRENCY: '1', DB_MAX_QUEUE: '1', DB_QUEUE_TIMEOUT_MS: '3000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const session = await loginAs(t.app, 'Admin');
  token = session.access_token;
  locationId = session.locations[0]!;
});
afterAll(() => t.close());

const getLocation = (signal?: AbortSignal) =>
  fetch(`${base}/web/locations/location-by-id?locationId=${locationId}`, {
    headers: { authorization: `Bearer ${token}` },
    ...(signal ? { signal } : {}),
  });

/** Holds the locations table until the returned release is called. */
const holdLocations = async () => {
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const transaction = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table locations in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
  };
};

describe('load shedding', () => {
  it('refuses what the line cannot hold with 503 and Retry-After, and a client that gave up does not keep a slot', async () => {
    const release = await holdLocations();
    const first = getLocation();
    await vi.waitFor(() => expect(t.app.loadShedder.inFlight).toBe(1), { timeout: 5000, interval: 5 });

    const impatient = new AbortController();
    const second = getLocation(impatient.signal).catch((error: unknown) => error);
    await vi.waitFor(() => expect(t.app.loadShedder.queued).toBe(1), { timeout: 5000, interval: 5 });

    const refused = await getLocation();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ responseCode: 503, msg: ['The server is busy. Please try again in a moment'] });

    impatient.abort();
    expect(await second).toBeInstanceOf(Error);
    await release();
    expect((await first).status).toBe(200);

    // With the abandoned request still holding the only slot, these would wait out the queue and get 503.
    for (let i = 0; i < 3; i += 1) expect((await getLocation()).status).toBe(200);
    expect(t.app.loadShedder.inFlight).toBe(0);
  });
});
