import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chargerEvents } from '../../db/schema/index.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';

type Frame = [number, string, ...unknown[]];

/** A raw WebSocket charger: sends whatever frames a test needs, including ones no real charger should. */
const rawCharger = (t: OcppTestApp, chargerId: string, password: string | null, protocols: string[] = ['ocpp1.6']) => {
  const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ocpp/${chargerId}`, protocols, {
    headers: password ? { authorization: `Basic ${Buffer.from(`${chargerId}:${password}`).toString('base64')}` } : {},
  });
  const frames: Frame[] = [];
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as Frame));
  const opened = new Promise<{ headers: Record<string, unknown> }>((resolve, reject) => {
    ws.once('upgrade', (response) => ws.once('open', () => resolve({ headers: response.headers })));
    ws.once('unexpected-response', (_request, response) => reject(Object.assign(new Error('refused'), { status: response.statusCode })));
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; at: number }>((resolve) => ws.once('close', (code) => resolve({ code, at: performance.now() })));
  const answerTo = (id: string) =>
    eventually(() => frames.find((frame) => frame[1] === id) ?? Promise.reject(new Error(`no answer to ${id}`)), 10_000);
  return { ws, frames, opened, closed, answerTo };
};

const boot = ['BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Raw' }] as const;

describe('OCPP endpoint limits (issue 12, item 2)', () => {
  let t: OcppTestApp;
  beforeAll(async () => {
    t = await startOcppApp({
      env: { OCPP_MAX_FRAME_BYTES: '65536', OCPP_MESSAGE_BURST: '10', OCPP_MESSAGES_PER_SECOND: '20', OCPP_HANDSHAKE_FAILURES_PER_MINUTE: '8' },
    });
  });
  afterAll(() => t.close());

  it('closes a connection that sends an oversized frame (1009) while other chargers are answered', async () => {
    const registered = await t.registerCharger();
    const bystander = t.simulate(await t.registerCharger());
    await bystander.connect();
    const raw = rawCharger(t, registered.chargerId, registered.ocppPassword);
    await raw.opened;
    raw.ws.send(JSON.stringify([2, 'big', 'DataTransfer', { vendorId: 'x', data: 'A'.repeat(2 * 1024 * 1024) }]));
    expect((await raw.closed).code).toBe(1009);
    expect(raw.frames).toEqual([]);
    expect(await bystander.heartbeat()).toHaveProperty('currentTime');
  });

  it('answers broken frames with OCPP 1.6 codes, and upgrades carry no Server banner', async () => {
    const registered = await t.registerCharger();
    const raw = rawCharger(t, registered.chargerId, registered.ocppPassword);
    const { headers } = await raw.opened;
    expect(headers.server).toBeUndefined();
    // Frames whose id cannot be read are answered with the id -1.
    const nthAnswer = (n: number) => eventually(() => raw.frames[n - 1] ?? Promise.reject(new Error(`no answer ${n}`)));
    raw.ws.send('this is not json');
    expect(await nthAnswer(1)).toEqual([4, '-1', 'FormationViolation', expect.any(String), {}]);
    raw.ws.send(JSON.stringify([7, 'seven', 'Heartbeat', {}]));
    expect((await nthAnswer(2))[2]).toBe('FormationViolation');
    raw.ws.send(JSON.stringify({ messageTypeId: 2 }));
    expect((await nthAnswer(3))[2]).toBe('FormationViolation');
    raw.ws.send(JSON.stringify([2, 'boot', ...boot]));
    expect((await raw.answerTo('boot'))[0]).toBe(3);
    raw.ws.close();
  });

  it('completes a handshake without ocpp1.6 and closes it at once, before the charger counts as connected', async () => {
    const registered = await t.registerCharger();
    const raw = rawCharger(t, registered.chargerId, registered.ocppPassword, []);
    await raw.opened;
    expect((await raw.closed).code).toBe(1002);
    expect((await t.charger(registered.id)).connected).toBe(false);
  });

  it('holds back a connection past its message budget; a charger waiting for answers is only slowed', async () => {
    const registered = await t.registerCharger();
    const raw = rawCharger(t, registered.chargerId, registered.ocppPassword);
    await raw.opened;
    raw.ws.send(JSON.stringify([2, 'boot', ...boot]));
    await raw.answerTo('boot');
    // 40 calls without waiting for answers (OCPP 1.6 allows one at a time): past the burst they get an error
    // without being handled, and the connection is not read again until the bucket has refilled.
    const started = performance.now();
    try {
      for (let i = 0; i < 40; i++) raw.ws.send(JSON.stringify([2, `hb-${i}`, 'Heartbeat', {}]));
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => raw.answerTo(`hb-${i}`)));
      const floodSeconds = (performance.now() - started) / 1000;
      const served = answers.filter((frame) => frame[0] === 3).length;
      const refused = answers.filter((frame) => frame[0] === 4);
      // The bucket can never have paid for more than its burst plus what it refilled while the flood was read
      // (a busy machine may deliver the 40 frames in several reads, which lets a few more through).
      expect(served).toBeLessThanOrEqual(10 + Math.ceil(floodSeconds * 20));
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((frame) => frame[2] === 'GenericError')).toBe(true);
      // Then a call that waits its turn is answered normally, once ~30 calls over budget are paid back at 20/s.
      raw.ws.send(JSON.stringify([2, 'later', 'Heartbeat', {}]));
      expect((await raw.answerTo('later'))[0]).toBe(3);
      expect(performance.now() - started).toBeGreaterThan(1000);
    } finally {
      raw.ws.terminate();
    }
  });

  const statusOf = (chargerId: string, password: string) =>
    rawCharger(t, chargerId, password).opened.then(
      () => 101,
      (error: { status: number }) => error.status,
    );

  it('throttles one charger id failing from an address, while a neighbour with the right password still connects', async () => {
    const victim = await t.registerCharger();
    const neighbour = await t.registerCharger();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await statusOf(victim.chargerId, 'not-the-right-password'));
    expect(statuses).toEqual([...Array<number>(8).fill(401), 429, 429]);
    // Right credentials from the same address: the neighbour connects, and even the flooded id waits out its minute.
    expect(await statusOf(neighbour.chargerId, neighbour.ocppPassword)).toBe(101);
    expect(await statusOf(victim.chargerId, victim.ocppPassword)).toBe(429);
  });

  it('throttles a scan of many ids per address and writes no charger-log row for unknown ids', async () => {
    const before = t.app.ocpp.refusals().refused;
    const statuses: number[] = [];
    // The address allows ten times an id's allowance (8) over all ids; earlier tests' refusals count too.
    for (let i = 0; i < 100 && !statuses.includes(429); i++) statuses.push(await statusOf(`WD-SCAN-${i}`, 'a-password-of-some-length'));
    const firstThrottled = statuses.indexOf(429);
    expect(firstThrottled).toBeGreaterThan(50);
    expect(firstThrottled).toBeLessThanOrEqual(80);
    expect(statuses.slice(0, firstThrottled).every((status) => status === 401)).toBe(true);
    expect(t.app.ocpp.refusals().refused - before).toBe(statuses.length);
    expect(await t.database.db.select().from(chargerEvents).where(like(chargerEvents.chargerCode, 'WD-SCAN-%'))).toEqual([]);
    // Past that, even a registered charger with its right password waits out the minute from this address.
    const registered = await t.registerCharger();
    expect(await statusOf(registered.chargerId, registered.ocppPassword)).toBe(429);
    expect(await t.database.db.select().from(chargerEvents).where(eq(chargerEvents.chargerCode, registered.chargerId))).toEqual([]);
  });
});
