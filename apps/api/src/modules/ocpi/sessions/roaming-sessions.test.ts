import {
  ocpiCdrSchema,
  ocpiSessionPatchSchema,
  ocpiSessionSchema,
  ocpiTariffSchema,
  type BalanceResponse,
  type SessionDetail,
  type SessionListResponse,
} from '@wattdesk/shared';
import type { MeterValuesRequest } from '@wattdesk/shared/ocpp/ocpp16';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, locations, ocpiCdrs, ocpiOutbox } from '../../../db/schema/index.ts';
import { manualClock } from '../../../../test/clock.ts';
import { connectTestPartner, startOcpiPeer } from '../../../../test/ocpi-peer.ts';
import { startOcppApp, type OcppTestApp } from '../../../../test/ocpp-harness.ts';
import { createSessionPricing } from '../../tariffs/session-pricing.service.ts';
import { createTariffsService } from '../../tariffs/tariffs.service.ts';
import { createRoamingSessions, type RoamingSessions } from './roaming-sessions.service.ts';

/** Waits on a condition (a queued row), never a fixed sleep. */
const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('OCPI sessions and CDRs of a partner’s driver, from a simulated 1.6 charger to the outbox, GET and the ledger', () => {
  let t: OcppTestApp;
  let peer: Awaited<ReturnType<typeof startOcpiPeer>>;
  let partner: Awaited<ReturnType<typeof connectTestPartner>>;
  let other: Awaited<ReturnType<typeof connectTestPartner>>;
  // Plays the tokens module, which writes the link when a partner's token starts a transaction.
  let tokens: RoamingSessions;
  let charger: { id: string; chargerId: string; ocppPassword: string };
  const clock = manualClock(new Date('2026-11-18T00:00:00Z'));
  const location = () => t.locations['oak-jack-london']!;

  const meter = (transactionId: number, at: string, wh: number): MeterValuesRequest => ({
    connectorId: 1,
    transactionId,
    meterValue: [{ timestamp: at, sampledValue: [{ value: String(wh), unit: 'Wh' }] }],
  });
  const pushesOf = (sessionId: string) =>
    t.database.db.select().from(ocpiOutbox).where(eq(ocpiOutbox.objectKey, sessionId)).orderBy(asc(ocpiOutbox.id));
  const sessionIdOf = async (idTag: string) => {
    const list = (await t.api('GET', `/web/sessions?locationId=${location()}&chargerId=${charger.id}`)).body as unknown as SessionListResponse;
    return list.items.find((item) => item.idTag === idTag)!.id;
  };
  const link = (sessionId: string, partnerId: string, uid: string) =>
    t.database.db.transaction((tx) =>
      tokens.linkSession(tx, {
        sessionId,
        partnerId,
        countryCode: 'NL',
        partyId: 'EMS',
        tokenUid: uid,
        tokenType: 'RFID',
        contractId: `NL-EMS-C${uid}`,
        authMethod: 'WHITELIST',
        authorizationReference: `ref-${uid}`,
      }),
    );
  const ocpiGet = (url: string, authorization: string) => t.app.inject({ method: 'GET', url, headers: { authorization } });

  beforeAll(async () => {
    t = await startOcppApp({ now: clock.now });
    peer = await startOcpiPeer();
    partner = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url });
    other = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url, countryCode: 'DE', partyId: 'OTH', name: 'Other' });
    const pricing = createSessionPricing({ db: t.database.db, now: clock.now });
    const tariffs = createTariffsService({ db: t.database.db, now: clock.now });
    tokens = createRoamingSessions({ db: t.database.db, now: clock.now, party: t.config.ocpi, pricing, tariffs, log: t.app.log });
    await t.database.db.update(locations).set({ publishToRoaming: true }).where(eq(locations.id, location()));
    charger = await t.registerCharger('oak-jack-london');
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('start → PUT, meter values → PATCH at most once a minute, stop → PUT COMPLETED and a CDR priced to the cent; ledger owed by the partner', async () => {
    const simulator = t.simulate(charger);
    await simulator.connect();
    const start = await simulator.call('StartTransaction', {
      connectorId: 1,
      idTag: 'EMSP-TAG-1',
      meterStart: 1_000,
      timestamp: '2026-11-18T00:00:00Z',
    });
    const sessionId = await sessionIdOf('EMSP-TAG-1');
    await link(sessionId, partner.id, 'TAG1');

    const [put] = await pushesOf(sessionId);
    expect(put).toMatchObject({ partnerId: partner.id, module: 'sessions', method: 'PUT', path: `/US/WDK/${sessionId}` });
    const started = ocpiSessionSchema.parse(put!.body);
    expect(started).toMatchObject({
      id: sessionId,
      status: 'ACTIVE',
      kwh: 0,
      location_id: location(),
      evse_uid: `${charger.chargerId}-1`,
      connector_id: '1',
    });
    expect(started.cdr_token).toEqual({ country_code: 'NL', party_id: 'EMS', uid: 'TAG1', type: 'RFID', contract_id: 'NL-EMS-CTAG1' });

    clock.advance(30 * 60_000);
    await simulator.call('MeterValues', meter(start.transactionId, '2026-11-18T00:30:00Z', 6_000));
    await t.app.ocpp.flushTelemetry();
    const afterFirst = await until(
      () => pushesOf(sessionId),
      (rows) => rows.length === 2,
      'the first PATCH',
    );
    const patch = ocpiSessionPatchSchema.parse(afterFirst[1]!.body);
    expect(afterFirst[1]).toMatchObject({ method: 'PATCH', path: `/US/WDK/${sessionId}` });
    expect(patch.kwh).toBe(5);
    const live = (await t.api('GET', `/web/sessions/${sessionId}`)).body as unknown as SessionDetail;
    expect(patch.total_cost!.excl_vat).toBe(live.price!.total / 100);

    // Within the minute: stored, not pushed. A minute later: pushed.
    clock.advance(20_000);
    await simulator.call('MeterValues', meter(start.transactionId, '2026-11-18T00:30:20Z', 7_000));
    await t.app.ocpp.flushTelemetry();
    clock.advance(60_000);
    await simulator.call('MeterValues', meter(start.transactionId, '2026-11-18T00:31:20Z', 8_000));
    await t.app.ocpp.flushTelemetry();
    const afterThird = await until(
      () => pushesOf(sessionId),
      (rows) => rows.length === 3,
      'the second PATCH',
    );
    expect((afterThird[2]!.body as { kwh: number }).kwh).toBe(7);
    expect(afterThird.filter((row) => row.method === 'PATCH')).toHaveLength(2);

    clock.advance(30 * 60_000);
    await simulator.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 11_000,
      timestamp: '2026-11-18T01:00:00Z',
      reason: 'Local',
    });
    const all = await pushesOf(sessionId);
    expect(all.map((row) => `${row.module} ${row.method}`)).toEqual([
      'sessions PUT',
      'sessions PATCH',
      'sessions PATCH',
      'sessions PUT',
      'cdrs POST',
    ]);
    const completed = ocpiSessionSchema.parse(all[3]!.body);
    const cdr = ocpiCdrSchema.parse(all[4]!.body);
    expect(all[4]).toMatchObject({ partnerId: partner.id, path: '' });

    const priced = (await t.api('GET', `/web/sessions/${sessionId}`)).body as unknown as SessionDetail;
    expect(priced.price).toMatchObject({ final: true, energyWh: 10_000 });
    const total = priced.price!.total / 100;
    expect(completed).toMatchObject({
      status: 'COMPLETED',
      kwh: 10,
      end_date_time: '2026-11-18T01:00:00Z',
      total_cost: { excl_vat: total, incl_vat: total },
    });
    expect(cdr).toMatchObject({
      id: sessionId,
      session_id: sessionId,
      total_energy: 10,
      total_time: 1,
      total_cost: { excl_vat: total, incl_vat: total },
    });
    expect(cdr.currency).toBe(priced.price!.currency);
    const cents = (price: { excl_vat: number } | undefined) => Math.round((price?.excl_vat ?? 0) * 100);
    expect(cents(cdr.total_energy_cost) + cents(cdr.total_time_cost) + cents(cdr.total_parking_cost) + cents(cdr.total_fixed_cost)).toBe(
      priced.price!.total,
    );
    expect(cdr.tariffs?.[0]?.id).toBe(priced.price!.tariffVersionId);
    expect(cdr.cdr_location).toMatchObject({ id: location(), evse_uid: `${charger.chargerId}-1`, connector_id: '1', country: 'USA' });
    const [stored] = await t.database.db.select().from(ocpiCdrs).where(eq(ocpiCdrs.sessionId, sessionId));
    expect(stored).toMatchObject({ id: sessionId, partnerId: partner.id, body: cdr });

    // The ledger: the price is owed by the partner (not card revenue), split as always, balanced.
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.sessionId, sessionId));
    expect(entries.filter((entry) => entry.account === 'roaming_receivable').map((entry) => entry.amount)).toEqual([-priced.price!.total]);
    expect(entries.some((entry) => entry.account === 'session_revenue' || entry.account === 'session_receivable')).toBe(false);
    // The host's part waits until the partner pays (decision 082): nothing of it is available to transfer.
    expect(entries.some((entry) => entry.account === 'host_share')).toBe(false);
    expect(entries.every((entry) => entry.reference === `roaming:${partner.id}:${sessionId}`)).toBe(true);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    const balance = (await t.api('GET', `/web/payments/payouts/balance?locationId=${location()}`)).body as unknown as BalanceResponse;
    expect(balance.balances.find((row) => row.currency === cdr.currency)!.roamingReceivable).toBe(priced.price!.total);
    await simulator.close();
  });

  it('a session without a link queues nothing and books a receivable from its driver', async () => {
    const simulator = t.simulate(charger);
    await simulator.connect();
    const start = await simulator.call('StartTransaction', {
      connectorId: 1,
      idTag: 'OWN-DRIVER',
      meterStart: 20_000,
      timestamp: '2026-11-18T02:00:00Z',
    });
    clock.advance(60 * 60_000);
    await simulator.call('MeterValues', meter(start.transactionId, '2026-11-18T02:30:00Z', 25_000));
    await t.app.ocpp.flushTelemetry();
    await simulator.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 30_000,
      timestamp: '2026-11-18T03:00:00Z',
      reason: 'Local',
    });
    const sessionId = await sessionIdOf('OWN-DRIVER');
    expect(await pushesOf(sessionId)).toEqual([]);
    expect(await t.database.db.select().from(ocpiCdrs).where(eq(ocpiCdrs.sessionId, sessionId))).toEqual([]);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.sessionId, sessionId));
    // Earned, not collected until the driver's payment succeeds (decision 082).
    expect(entries.map((entry) => entry.account)).toContain('session_receivable');
    expect(entries.map((entry) => entry.account)).not.toContain('roaming_receivable');
    await simulator.close();
  });

  it('GET /cdrs and /sessions page the caller’s own only; GET /tariffs the published locations’ tariffs', async () => {
    // A second roaming session of the same partner, and one of another partner.
    const simulator = t.simulate(charger);
    await simulator.connect();
    for (const [idTag, partnerId] of [
      ['EMSP-TAG-2', partner.id],
      ['OTHER-TAG', other.id],
    ] as const) {
      const start = await simulator.call('StartTransaction', { connectorId: 1, idTag, meterStart: 0, timestamp: '2026-11-18T04:00:00Z' });
      await link(await sessionIdOf(idTag), partnerId, idTag.replace(/-/g, ''));
      clock.advance(60_000);
      await simulator.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 2_000,
        timestamp: '2026-11-18T04:30:00Z',
        reason: 'Local',
      });
    }
    await simulator.close();
    const mine = [await sessionIdOf('EMSP-TAG-1'), await sessionIdOf('EMSP-TAG-2')];

    const first = await ocpiGet('/ocpi/2.2.1/cdrs?limit=1', partner.authorization);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.headers.link).toContain('offset=1');
    const second = await ocpiGet('/ocpi/2.2.1/cdrs?offset=1&limit=1', partner.authorization);
    expect(second.headers.link).toBeUndefined();
    const seen = [...first.json<{ data: unknown[] }>().data, ...second.json<{ data: unknown[] }>().data].map((cdr) => ocpiCdrSchema.parse(cdr).id);
    expect(seen.sort()).toEqual([...mine].sort());
    const others = (await ocpiGet('/ocpi/2.2.1/cdrs', other.authorization)).json<{ data: { id: string }[] }>().data;
    expect(others.map((cdr) => cdr.id)).toEqual([await sessionIdOf('OTHER-TAG')]);
    // date_to is exclusive: nothing was issued before the clock's start.
    expect((await ocpiGet('/ocpi/2.2.1/cdrs?date_to=2026-11-18T00:00:00Z', partner.authorization)).headers['x-total-count']).toBe('0');

    const sessions = (await ocpiGet('/ocpi/2.2.1/sessions', partner.authorization)).json<{ data: unknown[] }>().data;
    expect(sessions.map((session) => ocpiSessionSchema.parse(session).id).sort()).toEqual([...mine].sort());
    expect((await ocpiGet('/ocpi/2.2.1/sessions', 'Token nonsense')).statusCode).toBe(401);
    expect((await ocpiGet('/ocpi/2.2.1/cdrs?limit=zero', partner.authorization)).json()).toMatchObject({ status_code: 2001 });

    const tariffs = (await ocpiGet('/ocpi/2.2.1/tariffs', partner.authorization)).json<{ data: unknown[] }>().data;
    expect(tariffs.length).toBeGreaterThan(0);
    const cdr = ocpiCdrSchema.parse((await t.database.db.select().from(ocpiCdrs).where(inArray(ocpiCdrs.id, mine)))[0]!.body);
    expect(tariffs.map((tariff) => ocpiTariffSchema.parse(tariff).id)).toContain(cdr.tariffs![0]!.id);
  });
});
