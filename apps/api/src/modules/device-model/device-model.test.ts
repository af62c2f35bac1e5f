import type { DeviceModelPage } from '@wattdesk/shared';
import type { NotifyReportRequest, ReportData } from '@wattdesk/shared/ocpp/ocpp201';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargers } from '../../db/schema/index.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import { createDeviceModelService, type DeviceModelService } from './device-model.service.ts';

const part = (seqNo: number, tbc: boolean, reportData: NotifyReportRequest['reportData']): NotifyReportRequest => ({
  requestId: 7,
  generatedAt: '2026-03-01T10:00:00.000Z',
  seqNo,
  tbc,
  ...(reportData ? { reportData } : {}),
});

const heartbeat: ReportData = {
  component: { name: 'OCPPCommCtrlr' },
  variable: { name: 'HeartbeatInterval' },
  variableAttribute: [{ value: '300', mutability: 'ReadWrite' }],
  variableCharacteristics: { dataType: 'integer', unit: 's', supportsMonitoring: false },
};
const serial: ReportData = {
  component: { name: 'ChargingStation' },
  variable: { name: 'SerialNumber' },
  variableAttribute: [{ value: 'SN-1', mutability: 'ReadOnly' }],
};
const evsePower: ReportData = {
  component: { name: 'EVSE', evse: { id: 1 } },
  variable: { name: 'Power' },
  variableAttribute: [
    { type: 'Actual', value: '0', mutability: 'ReadOnly' },
    { type: 'MaxSet', value: '22000', mutability: 'ReadOnly' },
  ],
  variableCharacteristics: { dataType: 'decimal', unit: 'W', supportsMonitoring: true },
};

describe('the device model of a 2.0.1 charger', () => {
  let t: TestApp;
  let token: string;
  let deviceModel: DeviceModelService;
  let chargerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ access_token: token } = await loginAs(t.app, 'SuperAdmin'));
    deviceModel = createDeviceModelService({ db: t.database.db, ocpp: t.app.ocpp, now: () => new Date() });
    chargerId = await makeCharger(t.database.db, (await demoLocationIds(t.database.db))['oak-uptown']!);
  });
  afterAll(() => t.close());

  const get = async (query = '') => {
    const response = await t.app.inject(authed(token, { method: 'GET', url: `/web/chargers/${chargerId}/device-model${query}` }));
    return { status: response.statusCode, body: response.json<DeviceModelPage>() };
  };
  const put = async (payload: Record<string, unknown>) => {
    const response = await t.app.inject(authed(token, { method: 'PUT', url: `/web/chargers/${chargerId}/device-model/variable`, payload }));
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };

  it('is empty before any report', async () => {
    expect((await get()).body).toMatchObject({ items: [], total: 0, report: null, components: [] });
  });

  it('gathers a report sent in parts, each attribute a row, and tells when it is whole', async () => {
    await deviceModel.recordReport(chargerId, part(0, true, [heartbeat, serial]));
    expect((await get()).body).toMatchObject({ total: 2, report: { requestId: 7, complete: false } });
    await deviceModel.recordReport(chargerId, part(1, false, [evsePower]));
    const whole = (await get()).body;
    expect(whole).toMatchObject({ total: 4, report: { requestId: 7, complete: true, generatedAt: '2026-03-01T10:00:00.000Z' } });
    expect(whole.components).toEqual(['ChargingStation', 'EVSE', 'OCPPCommCtrlr']);
    expect(whole.items).toContainEqual(
      expect.objectContaining({
        component: 'OCPPCommCtrlr',
        variable: 'HeartbeatInterval',
        value: '300',
        mutability: 'ReadWrite',
        dataType: 'integer',
        unit: 's',
      }),
    );
    expect(whole.items).toContainEqual(
      expect.objectContaining({ component: 'EVSE', evseId: 1, variable: 'Power', attributeType: 'MaxSet', value: '22000' }),
    );
  });

  it('filters by component and by text, and pages on the server', async () => {
    const evse = (await get('?component=EVSE')).body;
    expect(evse.total).toBe(2);
    expect(evse.items.map((item) => item.attributeType)).toEqual(['Actual', 'MaxSet']);
    expect((await get('?q=heartbeat')).body).toMatchObject({ total: 1, items: [{ variable: 'HeartbeatInterval' }] });
    expect((await get('?q=sn-1')).body).toMatchObject({ total: 1, items: [{ variable: 'SerialNumber' }] });
    const second = (await get('?page=2&pageSize=3')).body;
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items).toHaveLength(1);
    expect((await get('?pageSize=1000')).status).toBe(400);
  });

  it("a new report's first part replaces what the last one said", async () => {
    await deviceModel.recordReport(chargerId, { ...part(0, false, [{ ...heartbeat, variableAttribute: [{ value: '60' }] }]), requestId: 8 });
    const body = (await get()).body;
    expect(body).toMatchObject({ total: 1, report: { requestId: 8, complete: true }, items: [{ variable: 'HeartbeatInterval', value: '60' }] });
  });

  it('is changed only at a 2.0.1 charger, only where writable, and only when the charger answers', async () => {
    const change = { component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval', value: '120' };
    expect(await put(change)).toMatchObject({ status: 409, body: { code: 'DEVICE_MODEL_NOT_201' } });
    await t.database.db.update(chargers).set({ ocppVersion: '2.0.1' }).where(eq(chargers.id, chargerId));
    await deviceModel.recordReport(chargerId, part(0, false, [heartbeat, serial]));
    expect(await put({ component: 'ChargingStation', variable: 'SerialNumber', value: 'X' })).toMatchObject({
      status: 400,
      body: { code: 'DEVICE_VARIABLE_READ_ONLY' },
    });
    // The charger is not connected: nothing is stored.
    expect(await put(change)).toMatchObject({ status: 409, body: { code: 'CHARGER_OFFLINE' } });
    expect((await get('?q=HeartbeatInterval')).body.items[0]?.value).toBe('300');
    expect((await put({ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval' })).status).toBe(400);
  });

  it('answers 404 for a charger that does not exist', async () => {
    const response = await t.app.inject(authed(token, { method: 'GET', url: '/web/chargers/00000000-0000-4000-8000-000000000000/device-model' }));
    expect(response.statusCode).toBe(404);
  });
});
