import { eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions } from '../../../db/schema/index.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../../test/ocpp-harness.ts';

type Received = { method: string; params: Record<string, unknown> };

/**
 * The dashboard's commands reach an independent OCPP 2.0.1 client (ocpp-rpc in strict mode: it refuses any call
 * that breaks the official schema) as their 2.0.1 counterparts, and its answers come back as the 1.6 callers expect.
 */
describe('commands to an OCPP 2.0.1 charger (ocpp-rpc client, strict mode)', () => {
  let t: OcppTestApp;
  let client: RPCClient;
  let charger: { id: string; chargerId: string };
  const received: Received[] = [];
  /** What the client answers each call with, by action (Accepted unless set). */
  const answers = new Map<string, Record<string, unknown>>();
  const lastOf = (method: string) => received.filter((call) => call.method === method).at(-1)?.params;

  beforeAll(async () => {
    t = await startOcppApp();
    const registered = await t.registerCharger('oak-uptown');
    charger = registered;
    client = new RPCClient({
      endpoint: `ws://127.0.0.1:${new URL(t.baseUrl).port}/ocpp`,
      identity: registered.chargerId,
      password: registered.ocppPassword,
      protocols: ['ocpp2.0.1'],
      strictMode: true,
      reconnect: false,
    } as never);
    client.handle(async ({ method = '', params }) => {
      received.push({ method, params: params as Record<string, unknown> });
      return answers.get(method) ?? { status: 'Accepted' };
    });
    await client.connect();
    expect(client.protocol).toBe('ocpp2.0.1');
    await client.call('BootNotification', { reason: 'PowerUp', chargingStation: { model: 'Interop-201', vendorName: 'ocpp-rpc' } });
    await eventually(async () => expect((await t.charger(registered.id)).ocppVersion).toBe('2.0.1'));
  }, 180_000);
  afterAll(async () => {
    await client.close({ force: true });
    await t.close();
  });

  it('after its boot the charger is asked for its whole device model, and the report it sends shows on its page', async () => {
    const asked = await eventually(async () => {
      const params = lastOf('GetBaseReport');
      expect(params).toMatchObject({ reportBase: 'FullInventory' });
      return params as { requestId: number };
    });
    await client.call('NotifyReport', {
      requestId: asked.requestId,
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      reportData: [
        {
          component: { name: 'TxCtrlr' },
          variable: { name: 'EVConnectionTimeOut' },
          variableAttribute: [{ type: 'Actual', value: '60', mutability: 'ReadWrite' }],
          variableCharacteristics: { dataType: 'integer', unit: 's', supportsMonitoring: false },
        },
      ],
    });
    await eventually(async () =>
      expect((await t.api('GET', `/web/chargers/${charger.id}/device-model?q=EVConnectionTimeOut`)).body).toMatchObject({
        items: [{ component: 'TxCtrlr', variable: 'EVConnectionTimeOut', value: '60' }],
      }),
    );
  });

  it('a later boot asks for the device model again only when the charger runs other firmware', async () => {
    const asked = () => received.filter((call) => call.method === 'GetBaseReport').length;
    const before = asked();
    const boot = (firmwareVersion?: string) =>
      client.call('BootNotification', {
        reason: 'PowerUp',
        chargingStation: { model: 'Interop-201', vendorName: 'ocpp-rpc', ...(firmwareVersion ? { firmwareVersion } : {}) },
      });
    await boot();
    await boot('1.1.0');
    await eventually(async () => expect(asked()).toBe(before + 1));
    // The report the charger was asked for is then whole under 1.1.0: a third boot on it asks nothing.
    const { requestId } = lastOf('GetBaseReport') as { requestId: number };
    await client.call('NotifyReport', { requestId, generatedAt: new Date().toISOString(), seqNo: 0 });
    await eventually(async () =>
      expect((await t.api('GET', `/web/chargers/${charger.id}/device-model`)).body).toMatchObject({ report: { requestId, complete: true } }),
    );
    await boot('1.1.0');
    await boot('1.2.0');
    await eventually(async () => expect(asked()).toBe(before + 2));
    expect(received.filter((call) => call.method === 'GetBaseReport').at(-1)?.params).not.toMatchObject({ requestId });
  });

  it('remote start, then remote stop of the session by the charger’s own transaction id', async () => {
    const start = await t.api('POST', `/web/chargers/${charger.id}/remote-start`, { idTag: 'DRIVER-0001', connectorId: 1 });
    expect(start).toMatchObject({ status: 200, body: { status: 'Accepted' } });
    expect(lastOf('RequestStartTransaction')).toMatchObject({ idToken: { idToken: 'DRIVER-0001', type: 'Central' }, evseId: 1 });

    await client.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId: 'INTEROP-TX-1', remoteStartId: lastOf('RequestStartTransaction')!.remoteStartId },
      idToken: { idToken: 'DRIVER-0001', type: 'Central' },
      evse: { id: 1, connectorId: 1 },
      meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: 0, measurand: 'Energy.Active.Import.Register' }] }],
    });
    const session = await eventually(async () => {
      const [row] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.chargerTransactionId, 'INTEROP-TX-1'));
      expect(row).toBeDefined();
      return row!;
    });
    const stop = await t.api('POST', `/web/chargers/${charger.id}/remote-stop`, { transactionId: session.transactionId });
    expect(stop).toMatchObject({ status: 200, body: { status: 'Accepted' } });
    expect(lastOf('RequestStopTransaction')).toEqual({ transactionId: 'INTEROP-TX-1' });
  });

  it('reset and unlock', async () => {
    answers.set('Reset', { status: 'Scheduled' });
    expect(await t.api('POST', `/web/chargers/${charger.id}/reset`, { type: 'Soft' })).toMatchObject({ status: 200, body: { status: 'Accepted' } });
    expect(lastOf('Reset')).toEqual({ type: 'OnIdle' });
    answers.set('UnlockConnector', { status: 'Unlocked' });
    expect(await t.api('POST', `/web/chargers/${charger.id}/unlock`, { connectorId: 1 })).toMatchObject({
      status: 200,
      body: { status: 'Unlocked' },
    });
    expect(lastOf('UnlockConnector')).toEqual({ evseId: 1, connectorId: 1 });
  });

  it('maintenance sets the station inoperative', async () => {
    const result = await t.api('POST', '/web/maintenance', { chargerIds: [charger.id], inMaintenance: true });
    expect(result).toMatchObject({ status: 200, body: { applied: [{ id: charger.id, status: 'Accepted' }] } });
    expect(lastOf('ChangeAvailability')).toEqual({ operationalStatus: 'Inoperative' });
    await t.api('POST', '/web/maintenance', { chargerIds: [charger.id], inMaintenance: false });
  });

  it('a dynamic power limit arrives as 2.0.1 charging profiles', async () => {
    const saved = await t.api('PUT', '/web/dpo/limit', {
      locationId: t.locations['oak-uptown'],
      enabled: true,
      limitMode: 'fixed',
      limitKw: 50,
      periods: [],
      minPerSessionKw: 2,
    });
    expect(saved.status).toBe(200);
    await eventually(() =>
      expect(received.filter((call) => call.method === 'SetChargingProfile').map((call) => call.params)).toContainEqual(
        expect.objectContaining({ evseId: 0, chargingProfile: expect.objectContaining({ chargingProfilePurpose: 'TxDefaultProfile' }) }),
      ),
    );
  });

  it('a firmware update and a reservation, as the campaign and reservation jobs send them', async () => {
    const firmware = await t.app.ocpp.call(charger.chargerId, null, 'UpdateFirmware', {
      location: 'https://firmware.example.com/fw.bin',
      retrieveDate: new Date().toISOString(),
      retries: 1,
      retryInterval: 60,
    });
    expect(firmware).toMatchObject({ ok: true, result: {} });
    expect(lastOf('UpdateFirmware')).toMatchObject({ firmware: { location: 'https://firmware.example.com/fw.bin' } });

    const expiry = new Date(Date.now() + 3_600_000).toISOString();
    const reserve = await t.app.ocpp.call(charger.chargerId, null, 'ReserveNow', {
      connectorId: 0,
      expiryDate: expiry,
      idTag: 'DRIVER-0001',
      reservationId: 5,
    });
    expect(reserve).toMatchObject({ ok: true, result: { status: 'Accepted' } });
    expect(lastOf('ReserveNow')).toEqual({ id: 5, expiryDateTime: expiry, idToken: { idToken: 'DRIVER-0001', type: 'Central' } });
  });

  it('a writable variable is set with SetVariables and stored; a refusal is a clear 422', async () => {
    answers.set('SetVariables', {
      setVariableResult: [{ attributeStatus: 'Accepted', component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
    });
    const set = await t.api('PUT', `/web/chargers/${charger.id}/device-model/variable`, {
      component: 'OCPPCommCtrlr',
      variable: 'HeartbeatInterval',
      value: '120',
    });
    expect(set).toMatchObject({ status: 200, body: { status: 'Accepted' } });
    expect(lastOf('SetVariables')).toEqual({
      setVariableData: [
        { attributeType: 'Actual', attributeValue: '120', component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
      ],
    });
    expect((await t.api('GET', `/web/chargers/${charger.id}/device-model?q=HeartbeatInterval`)).body).toMatchObject({ items: [{ value: '120' }] });

    answers.set('SetVariables', {
      setVariableResult: [{ attributeStatus: 'UnknownVariable', component: { name: 'OCPPCommCtrlr' }, variable: { name: 'Nope' } }],
    });
    const refused = await t.api('PUT', `/web/chargers/${charger.id}/device-model/variable`, {
      component: 'OCPPCommCtrlr',
      variable: 'Nope',
      value: '1',
    });
    expect(refused).toMatchObject({ status: 422, body: { msg: ["The charger's OCPPCommCtrlr has no variable Nope"] } });
  });
});
