import type { ChargePointStatus, MeterValuesRequest } from '@wattdesk/shared/ocpp/ocpp16';
import type { Charger, SessionDetail, SessionListResponse, Violation } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, ledgerEntries } from '../../db/schema/index.ts';
import { manualClock } from '../../../test/clock.ts';
import { startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { authed, loginAs } from '../../../test/test-app.ts';

const SAVED = 'payment, fee and violation information updated';

describe('every session priced: the version it started under, live estimates, stored line items, violations', () => {
  let t: OcppTestApp;
  // 4 PM on Tuesday 17 November in Oakland.
  const clock = manualClock(new Date('2026-11-18T00:00:00Z'));
  const location = () => t.locations['oak-lake-merritt']!;
  let charger: { id: string; chargerId: string; ocppPassword: string };

  const meter = (transactionId: number, at: string, wh: number): MeterValuesRequest => ({
    connectorId: 1,
    transactionId,
    meterValue: [{ timestamp: at, sampledValue: [{ value: String(wh), unit: 'Wh' }] }],
  });

  beforeAll(async () => {
    t = await startOcppApp({ now: clock.now });
    charger = await t.registerCharger('oak-lake-merritt');
    // $0.30/kWh until 5 PM, $0.60/kWh from then on; a $0.50 session fee; idle fee after 15 minutes; 2-hour stay.
    const rates = (price: number, effectiveFrom?: string) =>
      t.api('PUT', '/web/tariffs/rates', {
        locationId: location(),
        currency: 'USD',
        ...(effectiveFrom ? { effectiveFrom } : {}),
        periods: [{ days: 'all-days', startHour: 0, endHour: 0, energyPriceMicros: price, timePriceMicros: null }],
      });
    expect((await rates(300_000)).status).toBe(200);
    expect((await rates(600_000, '2026-11-18T01:00:00Z')).status).toBe(200);
    await t.api('PUT', '/web/tariffs/other-fees', { locationId: location(), sessionFee: 50 });
    await t.api('PUT', '/web/tariffs/idle-fees', {
      locationId: location(),
      enabled: true,
      pricePerMinute: 40,
      graceMinutes: 15,
      dailyCap: null,
      freeHours: null,
    });
    await t.api('PUT', '/web/tariffs/violation-rules', { locationId: location(), maxStay: { minutes: 120, fee: 1500 }, idleLimit: null });
  });
  afterAll(() => t.close());

  const sessions = async () =>
    ((await t.api('GET', `/web/sessions?locationId=${location()}&chargerId=${charger.id}`)).body as unknown as SessionListResponse).items;

  it('a session that started under the old rates keeps them across the change; the next one pays the new', async () => {
    const simulator = t.simulate(charger);
    await simulator.connect();
    const start = await simulator.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DRIVER-OLD',
      meterStart: 0,
      timestamp: '2026-11-18T00:10:00Z',
    });
    await simulator.call('MeterValues', meter(start.transactionId, '2026-11-18T00:40:00Z', 5_000));
    await t.app.ocpp.flushTelemetry();

    // While it runs: a live estimate on the session list, the session detail and the control center's charger.
    clock.advance(40 * 60_000);
    const [running] = await sessions();
    expect(running).toMatchObject({ status: 'active', cost: { currency: 'USD', total: 150 + 50, final: false } });
    const live = (await t.api('GET', `/web/sessions/${running!.id}`)).body as unknown as SessionDetail;
    expect(live.price).toMatchObject({ final: false, total: 200, items: [{ kind: 'energy', quantity: 5, amount: 150 }, { kind: 'session-fee' }] });
    const card = (await t.api('GET', `/web/chargers/${charger.id}`)).body as unknown as Charger;
    expect(card.activeSessions[0]!.cost).toEqual({ currency: 'USD', total: 200, final: false });

    await simulator.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 10_000,
      timestamp: '2026-11-18T01:30:00Z',
      reason: 'Local',
    });
    const second = await simulator.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DRIVER-NEW',
      meterStart: 10_000,
      timestamp: '2026-11-18T02:00:00Z',
    });
    await simulator.call('StopTransaction', {
      transactionId: second.transactionId,
      meterStop: 20_000,
      timestamp: '2026-11-18T02:30:00Z',
      reason: 'Local',
    });
    const [newer, older] = await sessions();
    expect(older).toMatchObject({ idTag: 'DRIVER-OLD', cost: { total: 300 + 50, final: true } });
    expect(newer).toMatchObject({ idTag: 'DRIVER-NEW', cost: { total: 600 + 50, final: true } });
    const detail = (await t.api('GET', `/web/sessions/${older!.id}`)).body as unknown as SessionDetail;
    expect(detail.price).toMatchObject({ final: true, currency: 'USD', total: 350, energyWh: 10_000 });
    expect(detail.price!.items.map((i) => [i.kind, i.description, i.quantity, i.amount])).toEqual([
      ['energy', 'Energy, All Days all day', 10, 300],
      ['session-fee', 'Session fee', 1, 50],
    ]);
    // Stored with the parts a reader's language words the line from (issue 44).
    expect(detail.price!.items.map((i) => i.detail)).toEqual([{ period: { days: 'all-days', startHour: 0, endHour: 0 } }, null]);
    // A repeated stop changes nothing.
    await simulator.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 99_000,
      timestamp: '2026-11-18T03:30:00Z',
      reason: 'Local',
    });
    expect((await sessions())[1]!.cost!.total).toBe(350);
    // The price reached the ledger in the stop's transaction, once: revenue out, shares in, summing to zero.
    const ledger = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.sessionId, older!.id));
    // Earned as a receivable: collected when the driver's payment succeeds (decision 082).
    expect(ledger.filter((entry) => entry.account === 'session_receivable').map((entry) => entry.amount)).toEqual([-350]);
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    await simulator.close();
  });

  it('idle time after charging is billed after the grace period; an overstay is a violation, waived with a reason and audited', async () => {
    const simulator = t.simulate(charger);
    await simulator.connect();
    const { transactionId } = await simulator.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DRIVER-IDLE',
      meterStart: 20_000,
      timestamp: '2026-11-18T03:00:00Z',
    });
    const status = (value: ChargePointStatus, timestamp: string) =>
      simulator.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: value, timestamp });
    await status('Charging', '2026-11-18T03:00:01Z');
    await status('SuspendedEV', '2026-11-18T04:00:00Z');
    await simulator.call('StopTransaction', { transactionId, meterStop: 27_000, timestamp: '2026-11-18T05:45:00Z', reason: 'EVDisconnected' });
    await simulator.close();

    const [session] = await sessions();
    const detail = (await t.api('GET', `/web/sessions/${session!.id}`)).body as unknown as SessionDetail;
    // 7 kWh × $0.60; 105 idle minutes − 15 grace = 90 min × $0.40; $0.50; overstay (2 h 45 min > 2 h) $15.
    expect(detail.price!.items.map((i) => [i.kind, i.quantity, i.amount])).toEqual([
      ['energy', 7, 420],
      ['idle', 90, 3600],
      ['session-fee', 1, 50],
      ['violation', 1, 1500],
    ]);
    expect(detail.price).toMatchObject({ total: 5570, idleSeconds: 6300 });
    expect(detail.price!.items[1]!.detail).toEqual({ idle: { date: '2026-11-17', graceMinutes: 15, freeHours: null, capped: false } });

    const list = await t.api('GET', `/web/violations?locationId=${location()}&status=open`);
    const [violation] = (list.body as unknown as { items: Violation[] }).items;
    expect(violation).toMatchObject({
      idTag: 'DRIVER-IDLE',
      rule: 'max-stay',
      amount: 1500,
      limitMinutes: 120,
      actualMinutes: 165,
      chargerId: charger.id,
    });

    const noReason = await t.api('POST', `/web/violations/${violation!.id}/status`, { status: 'waived' });
    expect(noReason).toMatchObject({ status: 400, body: { msg: ['Reason Field is required'] } });
    const waived = await t.api('POST', `/web/violations/${violation!.id}/status`, { status: 'waived', reason: 'First visit, sign was missing' });
    expect(waived).toMatchObject({
      status: 200,
      body: { msg: [SAVED], violation: { status: 'waived', reason: 'First visit, sign was missing', resolvedBy: 'superadmin@example.com' } },
    });
    const after = (await t.api('GET', `/web/sessions/${session!.id}`)).body as unknown as SessionDetail;
    expect(after.price).toMatchObject({ total: 4070 });
    expect(after.price!.items.at(-1)).toMatchObject({ kind: 'violation', waived: true, amount: 1500 });
    const [audit] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'violation.waive'), eq(activityLogs.entityId, violation!.id)));
    expect(audit).toMatchObject({ actorEmail: 'superadmin@example.com', locationId: location() });
    expect((await t.api('POST', `/web/violations/${violation!.id}/status`, { status: 'paid' })).status).toBe(409);
  });

  it('lists violations with filters and paging, exports them as CSV, and keeps other locations out', async () => {
    const filtered = async (query: string) =>
      (await t.api('GET', `/web/violations?locationId=${location()}&${query}`)).body as unknown as { items: Violation[]; total: number };
    expect((await filtered('status=waived')).total).toBe(1);
    expect((await filtered('status=open')).total).toBe(0);
    expect((await filtered('driver=idle&rule=max-stay&from=2026-11-17&to=2026-11-17')).total).toBe(1);
    expect((await filtered('from=2026-11-18')).total).toBe(0);
    const bad = await t.api('GET', `/web/violations?locationId=${location()}&status=late&sort=driver`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toEqual(expect.arrayContaining(['Status must be open, waived or paid']));

    const csv = await t.app.inject(authed(t.token, { method: 'GET', url: `/web/violations/export?locationId=${location()}` }));
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="violations-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Detected,Driver (id tag),Charger,Transaction,Rule,Limit (min),Actual (min),Amount,Currency,Status,Reason,Resolved by');
    expect(lines[1]).toContain(',DRIVER-IDLE,');
    expect(lines[1]).toContain(',Maximum stay,120,165,1500,USD,waived,"First visit, sign was missing",superadmin@example.com');
    const german = await t.app.inject(
      authed(t.token, { method: 'GET', url: `/web/violations/export?locationId=${location()}`, headers: { 'accept-language': 'de' } }),
    );
    // The rule in the reader's words; the status stays the code the list's filter takes.
    expect(german.body).toContain(',Maximale Standzeit,120,165,1500,USD,waived,');
    expect(german.body).not.toContain('Maximum stay');

    const readonly = await loginAs(t.app, 'ReadonlyAdmin');
    const elsewhere = Object.values(t.locations).find((id) => !readonly.locations.includes(id))!;
    const outside = await t.app.inject(authed(readonly.access_token, { method: 'GET', url: `/web/violations?locationId=${elsewhere}` }));
    expect(outside.statusCode).toBe(403);
  });
});
