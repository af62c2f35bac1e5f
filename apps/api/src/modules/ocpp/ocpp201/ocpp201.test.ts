import type { SessionDetail, SessionListResponse } from '@wattdesk/shared';
import type { Ocpp201Action, Ocpp201MeterValue, Ocpp201Request, Ocpp201Response } from '@wattdesk/shared/ocpp/ocpp201';
import { and, eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chargerEvents, chargers, chargingSessions, meterSamples } from '../../../db/schema/index.ts';
import { makeDriver, newTag } from '../../../../test/driver-fixtures.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../../test/ocpp-harness.ts';

const rpcCodeOf = (error: unknown) => (error as { rpcErrorCode?: string }).rpcErrorCode;

/** ocpp-rpc's client as an independent 2.0.1 charger: it checks our answers against the official schemas itself. */
type Client201 = RPCClient & { protocol: string };

/**
 * OCPP 2.0.1 on the charger endpoint, driven by ocpp-rpc's client in strict schema mode (not our simulator), so
 * what the server sends is checked by another implementation of the same schemas.
 */
describe('OCPP 2.0.1 endpoint', () => {
  let t: OcppTestApp;
  const clients: RPCClient[] = [];
  const location = () => t.locations['oak-lake-merritt']!;

  beforeAll(async () => {
    t = await startOcppApp();
    // $0.30/kWh all day, no fees: a 10 kWh session costs $3.00.
    const rates = await t.api('PUT', '/web/tariffs/rates', {
      locationId: location(),
      currency: 'USD',
      periods: [{ days: 'all-days', startHour: 0, endHour: 0, energyPriceMicros: 300_000, timePriceMicros: null }],
    });
    expect(rates.status).toBe(200);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close({ force: true })));
    await t.close();
  });

  const connect = async (registered: { chargerId: string; ocppPassword: string }, options: { protocols?: string[]; strictMode?: boolean } = {}) => {
    const client = new RPCClient({
      endpoint: `ws://127.0.0.1:${new URL(t.baseUrl).port}/ocpp`,
      identity: registered.chargerId,
      password: registered.ocppPassword,
      protocols: options.protocols ?? ['ocpp2.0.1'],
      strictMode: options.strictMode ?? true,
      reconnect: false,
    } as never) as Client201;
    clients.push(client);
    await client.connect();
    return client;
  };
  const call = <A extends Ocpp201Action>(client: RPCClient, action: A, payload: Ocpp201Request<A>) =>
    client.call(action, payload) as Promise<Ocpp201Response<A>>;
  const boot = (client: RPCClient) =>
    call(client, 'BootNotification', {
      reason: 'PowerUp',
      chargingStation: { vendorName: 'Interop', model: 'Strict-201', firmwareVersion: '2.0.1-a' },
    });
  const booted = async (locationKey = 'oak-lake-merritt') => {
    const registered = await t.registerCharger(locationKey);
    const client = await connect(registered);
    expect(await boot(client)).toMatchObject({ status: 'Accepted', interval: 30 });
    return { registered, client };
  };
  const eventsOf = async (chargerCode: string, kind: string) =>
    (
      await t.database.db
        .select()
        .from(chargerEvents)
        .where(and(eq(chargerEvents.chargerCode, chargerCode), eq(chargerEvents.kind, kind)))
    ).map((event) => event.summary);
  const energy = (at: string, wh: number): [Ocpp201MeterValue] => [
    {
      timestamp: at,
      sampledValue: [
        { value: wh / 1000, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'kWh' } },
        { value: 7.2, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'kW' } },
        { value: 55, measurand: 'SoC', unitOfMeasure: { unit: 'Percent' } },
      ],
    },
  ];

  it('picks ocpp2.0.1 when a charger offers it beside ocpp1.6, and records the version on the charger; 1.6 alone still gets 1.6', async () => {
    const registered = await t.registerCharger();
    const client = await connect(registered, { protocols: ['ocpp1.6', 'ocpp2.0.1'] });
    expect(client.protocol).toBe('ocpp2.0.1');
    await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ connected: true, ocppVersion: '2.0.1' }));
    await client.close();

    // The same charger back on 1.6 (a firmware downgrade): the same row, now 1.6.
    const old = await connect(registered, { protocols: ['ocpp1.6'], strictMode: false });
    expect(old.protocol).toBe('ocpp1.6');
    await eventually(async () => expect(await t.charger(registered.id)).toMatchObject({ connected: true, ocppVersion: '1.6' }));
    await old.close();
  });

  it('a boot is stored like a 1.6 one, and an EVSE status shows on its connector', async () => {
    const { registered, client } = await booted();
    expect(await call(client, 'Heartbeat', {})).toHaveProperty('currentTime');
    await call(client, 'StatusNotification', { timestamp: new Date().toISOString(), connectorStatus: 'Available', evseId: 1, connectorId: 1 });
    await call(client, 'StatusNotification', { timestamp: new Date().toISOString(), connectorStatus: 'Faulted', evseId: 2, connectorId: 1 });
    await eventually(async () => {
      const charger = await t.charger(registered.id);
      expect(charger).toMatchObject({ model: 'Strict-201', firmwareVersion: '2.0.1-a', status: 'faulted' });
      expect(charger.connectors.map((c) => [c.connectorId, c.status])).toEqual([
        [1, 'Available'],
        [2, 'Faulted'],
      ]);
    });
    await eventually(async () => expect(await eventsOf(registered.chargerId, 'fault')).toEqual(['Connector 2 faulted']));
  });

  it('a transaction (Started, Updated with meter values, Ended) is a session priced like a 1.6 one', async () => {
    const { registered, client } = await booted();
    const tag = newTag();
    // After the rates were set: a session is priced by the version in force when it started.
    const startedAt = new Date();
    const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000).toISOString();
    const transactionInfo = { transactionId: 'TX-201-A' };
    const started = await call(client, 'TransactionEvent', {
      eventType: 'Started',
      timestamp: at(0),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { ...transactionInfo, chargingState: 'Charging' },
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: tag, type: 'ISO14443' },
      meterValue: energy(at(0), 20_000),
    });
    expect(started.idTokenInfo).toMatchObject({ status: 'Accepted' });
    const updated = await call(client, 'TransactionEvent', {
      eventType: 'Updated',
      timestamp: at(30),
      triggerReason: 'MeterValuePeriodic',
      seqNo: 1,
      transactionInfo,
      meterValue: energy(at(30), 25_000),
    });
    // No idToken in the event: none in the answer (2.0.1 §E).
    expect(updated).toEqual({});
    await t.app.ocpp.flushTelemetry();
    const [running] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.chargerTransactionId, 'TX-201-A'));
    expect(running).toMatchObject({ status: 'active', connectorId: 1, idTag: tag, meterStartWh: 20_000, meterLastWh: 25_000 });
    expect(running!.transactionId).toEqual(expect.any(Number));
    const live = await t.charger(registered.id);
    expect(live.status).toBe('charging');

    await call(client, 'TransactionEvent', {
      eventType: 'Ended',
      timestamp: at(60),
      triggerReason: 'EVDeparted',
      seqNo: 2,
      transactionInfo: { ...transactionInfo, stoppedReason: 'EVDisconnected' },
      meterValue: energy(at(60), 30_000),
    });
    const { items } = (await t.api('GET', `/web/sessions?locationId=${location()}&chargerId=${registered.id}`))
      .body as unknown as SessionListResponse;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      transactionId: running!.transactionId,
      idTag: tag,
      status: 'completed',
      energyKwh: 10,
      stopReason: 'EVDisconnected',
      cost: { currency: 'USD', final: true },
    });
    // The demo location's own fees apply too; the energy line is the 10 kWh at $0.30.
    const detail = (await t.api('GET', `/web/sessions/${running!.id}`)).body as unknown as SessionDetail;
    expect(detail.price).toMatchObject({ final: true, energyWh: 10_000, total: items[0]!.cost!.total });
    expect(detail.price!.items.find((item) => item.kind === 'energy')).toMatchObject({ quantity: 10, amount: 300 });
    const samples = await t.database.db.select().from(meterSamples).where(eq(meterSamples.sessionId, running!.id));
    // The start's reading (Transaction.Begin) is a sample too, as are the update's and the end's.
    expect(samples.map((sample) => [sample.energyWh, sample.powerW, sample.soc]).sort()).toEqual([
      [20_000, 7200, 55],
      [25_000, 7200, 55],
      [30_000, 7200, 55],
    ]);
    // A repeated Ended (the charger missed our answer) changes nothing.
    await call(client, 'TransactionEvent', {
      eventType: 'Ended',
      timestamp: at(60),
      triggerReason: 'EVDeparted',
      seqNo: 2,
      transactionInfo: { ...transactionInfo, stoppedReason: 'EVDisconnected' },
    });
    const [after] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.id, running!.id));
    expect(after).toMatchObject({ status: 'completed', meterStopWh: 30_000 });
  });

  it('a refused driver tag is answered at Authorize and at TransactionEvent Started, and logged', async () => {
    const { registered, client } = await booted('oak-jack-london');
    const tag = newTag();
    await makeDriver(t.database.db, t.locations['oak-jack-london']!, { tags: [tag], status: 'INACTIVE' });
    expect((await call(client, 'Authorize', { idToken: { idToken: tag, type: 'ISO14443' } })).idTokenInfo).toMatchObject({ status: 'Blocked' });
    const started = await call(client, 'TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: 'TX-201-REFUSED' },
      evse: { id: 1 },
      idToken: { idToken: tag, type: 'ISO14443' },
    });
    expect(started.idTokenInfo).toMatchObject({ status: 'Blocked' });
    await eventually(async () =>
      expect(await eventsOf(registered.chargerId, 'authorization')).toEqual([
        `Authorize for ${tag} refused (Blocked): the driver is deactivated`,
        `Session start for ${tag} refused (Blocked): the driver is deactivated`,
      ]),
    );
  });

  it('answers schema breaks with the 2.0.1 CALLERROR codes, and actions it does not handle with NotImplemented', async () => {
    const registered = await t.registerCharger();
    const loose = await connect(registered, { strictMode: false });
    const codeOf = (action: string, payload: Record<string, unknown>) => loose.call(action, payload).then(() => 'answered', rpcCodeOf);
    expect(await codeOf('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'x'.repeat(21) } })).toBe(
      'FormatViolation',
    );
    expect(await codeOf('BootNotification', { reason: 'PowerUp' })).toBe('OccurrenceConstraintViolation');
    expect(await codeOf('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 7 } })).toBe('TypeConstraintViolation');
    expect(await codeOf('BootNotification', { reason: 'Sneezed', chargingStation: { vendorName: 'V', model: 'M' } })).toBe(
      'PropertyConstraintViolation',
    );
    // Before a boot: refused, as 1.6 does.
    expect(await codeOf('Heartbeat', {})).toBe('SecurityError');
    expect(await codeOf('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } })).toBe('answered');
    expect(await codeOf('NotifyChargingLimit', { chargingLimit: { chargingLimitSource: 'EMS' } })).toBe('NotImplemented');
    expect(await codeOf('NoSuchAction', {})).toBe('NotImplemented');
    // A 1.6-only action is no 2.0.1 action.
    expect(await codeOf('StartTransaction', { connectorId: 1, idTag: 'X', meterStart: 0, timestamp: new Date().toISOString() })).toBe(
      'NotImplemented',
    );
  });

  it('answers frames that are not RPC messages in 2.0.1 words: RpcFrameworkError, MessageTypeNotSupported', async () => {
    const registered = await t.registerCharger();
    const credentials = Buffer.from(`${registered.chargerId}:${registered.ocppPassword}`).toString('base64');
    const socket = new WebSocket(`ws://127.0.0.1:${new URL(t.baseUrl).port}/ocpp/${registered.chargerId}`, ['ocpp2.0.1'], {
      headers: { authorization: `Basic ${credentials}` },
    });
    const frames: unknown[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    expect(socket.protocol).toBe('ocpp2.0.1');
    socket.send('not json');
    socket.send(JSON.stringify([9, 'm-1', 'Heartbeat', {}]));
    await eventually(() => expect(frames).toHaveLength(2));
    expect(frames.map((frame) => (frame as unknown[]).slice(0, 3))).toEqual([
      [4, '-1', 'RpcFrameworkError'],
      [4, '-1', 'MessageTypeNotSupported'],
    ]);
    socket.close();
  });

  it('firmware, log, security, reservation and device messages go to the charger log', async () => {
    const { registered, client } = await booted();
    await call(client, 'FirmwareStatusNotification', { status: 'InstallVerificationFailed', requestId: 4 });
    await call(client, 'LogStatusNotification', { status: 'Uploaded', requestId: 5 });
    await call(client, 'SecurityEventNotification', { type: 'TamperDetectionActivated', timestamp: new Date().toISOString() });
    await call(client, 'ReservationStatusUpdate', { reservationId: 77, reservationUpdateStatus: 'Expired' });
    await call(client, 'NotifyReport', { requestId: 1, generatedAt: new Date().toISOString(), seqNo: 0, tbc: false });
    expect(await call(client, 'DataTransfer', { vendorId: 'com.example' })).toEqual({ status: 'UnknownVendorId' });
    await eventually(async () => {
      expect(await eventsOf(registered.chargerId, 'firmware')).toEqual(['Firmware update: InstallVerificationFailed']);
      expect(await eventsOf(registered.chargerId, 'diagnostics')).toEqual(['Log upload: Uploaded']);
      expect(await eventsOf(registered.chargerId, 'security')).toEqual(['Security event: TamperDetectionActivated']);
      expect(await eventsOf(registered.chargerId, 'reservation')).toEqual(['Reservation 77 expired at the charger']);
      expect(await eventsOf(registered.chargerId, 'device')).toEqual(['Device model report 1: 0 variables']);
    });
    // The version is stored by the connection's batched writer: wait for it as for the events.
    await eventually(async () => {
      const [row] = await t.database.db.select({ ocppVersion: chargers.ocppVersion }).from(chargers).where(eq(chargers.id, registered.id));
      expect(row!.ocppVersion).toBe('2.0.1');
    });
  });
});
