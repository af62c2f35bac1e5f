import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ocpp16Action, Ocpp16Request, Ocpp16Response } from '@wattdesk/shared/ocpp/ocpp16';
import WebSocket from 'ws';
import { OcppCallError, OcppDisconnectedError, OcppTimeoutError } from './ocpp-call-error.ts';
import type { OcppConnection } from './ocpp-connection.ts';
import { OcppJsonServer, type OcppHandshake } from './ocpp-json-rpc.ts';

type Frame = [number, string, ...unknown[]];
type Session = { name: string };

/** What the server under test was told, and what its handlers do: each test sets `answer` as it needs. */
const seen = {
  handshakes: [] as OcppHandshake[],
  connections: [] as OcppConnection<Session>[],
  failures: [] as { action: string; error: unknown }[],
  received: 0,
};
/** Untyped on purpose: a test answers with payloads that break the schema, to see the server refuse to send them. */
let answer: (connection: OcppConnection<Session>, action: string, payload: unknown) => Promise<unknown> = async () => ({
  currentTime: new Date().toISOString(),
});
let pingIntervalMs = 60_000;

let http: Server;
let ocpp: OcppJsonServer<Session>;
let base: string;

const startServer = async () => {
  ocpp = new OcppJsonServer<Session>({
    protocols: ['ocpp1.6'],
    actions: new Set(['Heartbeat', 'Authorize', 'StatusNotification']),
    maxFrameBytes: 64 * 1024,
    // Long enough that a loaded machine never times out a call a test answers; the timeout test passes its own.
    callTimeoutMs: 10_000,
    pingIntervalMs,
    maxBadFrames: 3,
    authenticate: (handshake, accept, refuse) => {
      seen.handshakes.push(handshake);
      if (handshake.identity === 'REFUSED') return refuse(401, 'Unauthorized');
      // Decided later, as a database look-up would be.
      setImmediate(() => accept({ name: handshake.identity }));
    },
    connected: (connection) => seen.connections.push(connection),
    received: () => void (seen.received += 1),
    answer: <A extends Ocpp16Action>(connection: OcppConnection<Session>, action: A, payload: Ocpp16Request<A>) =>
      answer(connection, action, payload) as Promise<Ocpp16Response<A>>,
    failed: (_connection, action, error) => seen.failures.push({ action, error }),
  });
  http = createServer();
  http.on('upgrade', (request, socket, head) => ocpp.handleUpgrade(request, socket, head));
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  base = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
};
const stopServer = async () => {
  await ocpp.close(1001, 'bye', 200);
  http.close();
};

/** A raw charger: sends whatever frames a test needs, and keeps every frame it receives. */
const charger = async (identity = 'CP-1', options: { password?: string; autoPong?: boolean; path?: string } = {}) => {
  const ws = new WebSocket(`${base}${options.path ?? `/ocpp/${identity}`}`, ['ocpp1.6'], {
    autoPong: options.autoPong ?? true,
    headers: options.password ? { authorization: `Basic ${Buffer.from(`${identity}:${options.password}`).toString('base64')}` } : {},
  });
  const frames: Frame[] = [];
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as Frame));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await once(ws, 'open');
  const connection = await waitFor(() => seen.connections.find((c) => c.identity === identity && c.open));
  const next = (test: (frame: Frame) => boolean) => waitFor(() => frames.find(test));
  return { ws, frames, closed, connection, next, send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)) };
};

const waitFor = <T>(find: () => T | undefined, timeout = 10_000): Promise<T> =>
  vi.waitFor(
    () => {
      const found = find();
      if (found === undefined) throw new Error('not there yet');
      return found;
    },
    { timeout, interval: 10 },
  );

const refusal = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const ws = new WebSocket(url, ['ocpp1.6'], { headers });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('open', () => reject(new Error('accepted')));
    ws.once('error', () => undefined);
  });

describe('OCPP-J 1.6 RPC over WebSocket (our Central System side)', () => {
  beforeAll(startServer);
  afterAll(stopServer);
  afterEach(() => {
    answer = async () => ({ currentTime: new Date().toISOString() });
    seen.failures.length = 0;
  });

  it('hands the handshake over decoded: identity, endpoint, offered subprotocols, the Basic password of that identity only', async () => {
    const ok = await charger('CP 7/A', { path: '/ocpp/CP%207%2FA', password: 'pa:ss' });
    const handshake = seen.handshakes.at(-1)!;
    expect(handshake).toMatchObject({ identity: 'CP 7/A', endpoint: '/ocpp', protocols: new Set(['ocpp1.6']) });
    expect(handshake.password?.toString()).toBe('pa:ss');
    expect(ok.connection.protocol).toBe('ocpp1.6');
    ok.ws.close();
    // Basic credentials for another user name carry no password for this charger.
    const other = new WebSocket(`${base}/ocpp/CP-2`, ['ocpp1.6'], {
      headers: { authorization: `Basic ${Buffer.from('CP-3:secret').toString('base64')}` },
    });
    await once(other, 'open');
    expect(seen.handshakes.at(-1)).toMatchObject({ identity: 'CP-2', password: undefined });
    other.close();
  });

  it('refuses a handshake with the status and message it is given, and a malformed identity with 400', async () => {
    await expect(refusal(`${base}/ocpp/REFUSED`)).resolves.toEqual({ status: 401, body: 'Unauthorized' });
    await expect(refusal(`${base}/ocpp/%E0%A4%A`)).resolves.toMatchObject({ status: 400 });
  });

  it('answers a call, refuses an action it does not handle and a payload its schema refuses, and hides a handler failure', async () => {
    const cp = await charger();
    cp.send([2, 'a', 'Heartbeat', {}]);
    expect(await cp.next((f) => f[1] === 'a')).toEqual([3, 'a', { currentTime: expect.any(String) }]);
    cp.send([2, 'b', 'RemoteStartTransaction', { idTag: 'X' }]);
    expect((await cp.next((f) => f[1] === 'b')).slice(0, 3)).toEqual([4, 'b', 'NotImplemented']);
    cp.send([2, 'c', 'Authorize', {}]);
    expect((await cp.next((f) => f[1] === 'c')).slice(0, 3)).toEqual([4, 'c', 'OccurrenceConstraintViolation']);
    cp.send([2, 'd', 'Authorize', { idTag: 42 }]);
    expect((await cp.next((f) => f[1] === 'd')).slice(0, 3)).toEqual([4, 'd', 'TypeConstraintViolation']);
    answer = async () => {
      throw new Error('relation "charging_sessions" does not exist');
    };
    cp.send([2, 'e', 'Heartbeat', {}]);
    expect(await cp.next((f) => f[1] === 'e')).toEqual([4, 'e', 'InternalError', 'An internal error occurred', {}]);
    expect(seen.failures).toMatchObject([{ action: 'Heartbeat' }]);
    answer = async () => {
      throw new OcppCallError('SecurityError', 'Send a BootNotification first');
    };
    cp.send([2, 'f', 'Heartbeat', {}]);
    expect(await cp.next((f) => f[1] === 'f')).toEqual([4, 'f', 'SecurityError', 'Send a BootNotification first', {}]);
    // An answer of ours that breaks the schema is not sent as it is.
    answer = async () => ({ currentTime: 12 });
    cp.send([2, 'g', 'Heartbeat', {}]);
    expect((await cp.next((f) => f[1] === 'g')).slice(0, 3)).toEqual([4, 'g', 'InternalError']);
    expect(seen.received).toBeGreaterThanOrEqual(7);
    cp.ws.close();
  });

  it('refuses a second call with the id of one still being answered', async () => {
    const cp = await charger();
    let release!: () => void;
    answer = () => new Promise((resolve) => (release = () => resolve({ currentTime: new Date().toISOString() })));
    cp.send([2, 'same', 'Heartbeat', {}]);
    await waitFor(() => release);
    cp.send([2, 'same', 'Heartbeat', {}]);
    expect((await cp.next((f) => f[0] === 4)).slice(0, 3)).toEqual([4, 'same', 'ProtocolError']);
    release();
    expect((await cp.next((f) => f[0] === 3))[1]).toBe('same');
    cp.ws.close();
  });

  it('sends its own calls one at a time, in order, and routes each answer and error to its call', async () => {
    const cp = await charger();
    const first = cp.connection.call('GetConfiguration', {});
    const second = cp.connection.call('Reset', { type: 'Soft' });
    const call1 = await cp.next((f) => f[0] === 2 && f[2] === 'GetConfiguration');
    // The second waits until the first is answered (OCPP 1.6 allows one call in flight). Both calls were made
    // before this charger's own call below; a server that sent the second at once would have sent it before
    // this answer, on the same ordered socket.
    cp.send([2, 'probe', 'Heartbeat', {}]);
    await cp.next((f) => f[0] === 3 && f[1] === 'probe');
    expect(cp.frames.filter((f) => f[0] === 2)).toHaveLength(1);
    cp.send([3, call1[1], { configurationKey: [] }]);
    await expect(first).resolves.toEqual({ configurationKey: [] });
    const call2 = await cp.next((f) => f[0] === 2 && f[2] === 'Reset');
    expect(call2[3]).toEqual({ type: 'Soft' });
    cp.send([4, call2[1], 'NotSupported', 'No soft reset here', {}]);
    await expect(second).rejects.toMatchObject({ code: 'NotSupported', message: 'No soft reset here' });
    // A payload the charger's schema would refuse is never sent.
    await expect(cp.connection.call('Reset', { type: 'Gentle' })).rejects.toBeInstanceOf(OcppCallError);
    expect(cp.frames.filter((f) => f[0] === 2)).toHaveLength(2);
    cp.ws.close();
  });

  it('times a call out, sends the next one, and treats the late answer as a broken frame', async () => {
    const cp = await charger();
    const unanswered = cp.connection.call('ClearCache', {}, 300);
    const queued = cp.connection.call('ClearCache', {});
    const call1 = await cp.next((f) => f[0] === 2);
    await expect(unanswered).rejects.toBeInstanceOf(OcppTimeoutError);
    const call2 = await cp.next((f) => f[0] === 2 && f[1] !== call1[1]);
    cp.send([3, call1[1], { status: 'Accepted' }]);
    cp.send([3, call2[1], { status: 'Accepted' }]);
    await expect(queued).resolves.toEqual({ status: 'Accepted' });
    // Nothing was sent back for the late answer.
    expect(cp.frames.filter((f) => f[0] === 4)).toEqual([]);
    cp.ws.close();
  });

  it('fails the call in flight and those waiting when the charger goes away', async () => {
    const cp = await charger();
    const inFlight = cp.connection.call('ClearCache', {});
    const waiting = cp.connection.call('ClearCache', {});
    await cp.next((f) => f[0] === 2);
    cp.ws.terminate();
    await expect(inFlight).rejects.toBeInstanceOf(OcppDisconnectedError);
    await expect(waiting).rejects.toBeInstanceOf(OcppDisconnectedError);
    await expect(cp.connection.call('ClearCache', {})).rejects.toBeInstanceOf(OcppDisconnectedError);
  });

  it('answers broken frames with FormationViolation and closes (1002) after more than three in a row; a good frame resets the count', async () => {
    const cp = await charger();
    cp.send('not json');
    cp.send({ not: 'an array' });
    cp.send([9, 'x']);
    cp.send([2, 'ok', 'Heartbeat', {}]);
    expect((await cp.next((f) => f[1] === 'ok'))[0]).toBe(3);
    expect(cp.frames.filter((f) => f[0] === 4).map((f) => [f[1], f[2]])).toEqual([
      ['-1', 'FormationViolation'],
      ['-1', 'FormationViolation'],
      ['-1', 'FormationViolation'],
    ]);
    for (let bad = 0; bad < 4; bad += 1) cp.send('{');
    expect(await cp.closed).toBe(1002);
  });
});

describe('OCPP-J keep-alive', () => {
  beforeAll(async () => {
    pingIntervalMs = 200;
    await startServer();
  });
  afterAll(async () => {
    await stopServer();
    pingIntervalMs = 60_000;
  });

  it('closes a connection whose charger stops answering pings, and keeps one that answers', async () => {
    const answering = await charger('CP-PONG');
    const silent = await charger('CP-SILENT', { autoPong: false });
    const started = Date.now();
    await silent.closed;
    // Pinged after one interval, cut when the next is due (the sweep runs at most once a second).
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answering.connection.open).toBe(true);
    answering.ws.close();
  });
});

describe('OCPP-J drain (a node shutting down)', () => {
  beforeAll(startServer);
  afterAll(async () => {
    answer = async () => ({ currentTime: new Date().toISOString() });
    await stopServer();
  });

  it('answers the call under way before its close frame, leaves a call sent after it unhandled, and refuses new handshakes with 503', async () => {
    let handled = 0;
    let release: (() => void) | undefined;
    answer = async () => {
      handled += 1;
      if (handled === 1) await new Promise<void>((resolve) => (release = resolve));
      return { currentTime: new Date().toISOString() };
    };
    const cp = await charger('CP-DRAIN');
    const receivedBefore = seen.received;
    cp.send([2, 'under-way', 'Heartbeat', {}]);
    await waitFor(() => release);
    const drained = ocpp.close(1012, 'Service restart', 5000);
    await expect(refusal(`${base}/ocpp/CP-LATE`)).resolves.toMatchObject({ status: 503 });
    // Sent before the charger sees any close frame: it gets no answer, and nothing of it is done here.
    cp.send([2, 'too-late', 'Heartbeat', {}]);
    await waitFor(() => (seen.received >= receivedBefore + 2 ? true : undefined));
    release!();
    expect(await cp.closed).toBe(1012);
    await drained;
    expect(cp.frames).toEqual([[3, 'under-way', { currentTime: expect.any(String) }]]);
    expect(handled).toBe(1);
  });
});
