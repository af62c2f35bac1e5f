import type { BalanceResponse, Transfer } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, locationPaymentAccounts, payoutTransfers } from '../../db/schema/index.ts';

describe('payouts webhook: Stripe events verified by the SDK, each applied once', () => {
  let t: TestApp;
  let admin: string;
  let location: string;
  const clock = manualClock(new Date('2026-11-10T12:00:00Z'));
  let eventNo = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    admin = (await loginAs(t.app, 'SuperAdmin')).access_token;
    location = (await demoLocationIds(t.database.db))['oak-lake-merritt']!;
    await t.database.db
      .insert(locationPaymentAccounts)
      .values({ locationId: location, accountId: 'acct_sbxwebhook', livemode: false, sandbox: true, connectedAt: clock.now() });
    const share = { locationId: location, effectiveFrom: '2026-01-01T00:00:00Z', hostBps: 8000, resellerBps: 0, platformBps: 2000 };
    expect((await call('PUT', '/web/payments/payouts/revenue-share', share)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject(authed(admin, { method, url, ...(payload ? { payload } : {}) }));
  /** A priced session its driver paid (decision 082: only collected money is available to transfer). */
  const earn = async (total: number) => {
    const sessionId = crypto.randomUUID();
    await t.app.payouts.recordSessionRevenue({ sessionId, locationId: location, currency: 'USD', total, pricedAt: clock.now() });
    await t.app.payouts.collected({
      sessionId,
      locationId: location,
      currency: 'USD',
      amount: total,
      providerFee: 0,
      providerPaymentId: `pi_${sessionId}`,
      at: clock.now(),
    });
  };
  const balance = async () => json<BalanceResponse>(await call('GET', `/web/payments/payouts/balance?locationId=${location}`)).balances[0]!;
  const row = async (id: string) => (await t.database.db.select().from(payoutTransfers).where(eq(payoutTransfers.id, id)))[0]!;
  const event = (type: string, object: object, id = `evt_test${(eventNo += 1)}`) => JSON.stringify({ id, object: 'event', type, data: { object } });
  const deliver = (body: string, signature = t.app.payouts.sandbox.signEvent(body)) =>
    t.app.inject({
      method: 'POST',
      url: '/web/payments/payouts/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  const settled = async (id: string) =>
    (await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, id))).filter((log) => log.action === 'payouts.transfer_settled')
      .length;

  const transferNow = async () => {
    const sent = await call('POST', '/web/payments/payouts/transfers', { locationId: location });
    expect(sent.statusCode, sent.body).toBe(200);
    return json<{ transfer: Transfer }>(sent).transfer;
  };

  it('refuses a bad, missing or stale signature with 400 and changes nothing', async () => {
    const body = event('payout.paid', { id: 'po_nothing' });
    const forged = await deliver(body, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(forged).msg[0]).toBe('The event signature could not be verified');
    const tampered = await deliver(body.replace('po_nothing', 'po_other'), t.app.payouts.sandbox.signEvent(body));
    expect(tampered.statusCode).toBe(400);
    const stale = await deliver(body, t.app.payouts.sandbox.signEvent(body, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/web/payments/payouts/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    // The refused deliveries were not remembered: the genuine one is still received for the first time.
    expect(json(await deliver(body))).toEqual({ received: true, duplicate: false, applied: false });
  });

  it('payout.paid delivered twice marks the transfer paid once', async () => {
    await earn(10_000);
    const transfer = await transferNow();
    expect(transfer.status).toBe('in_transit');
    const body = event('payout.paid', { id: transfer.providerPayoutId, object: 'payout', status: 'paid' });
    expect(json(await deliver(body))).toEqual({ received: true, duplicate: false, applied: true });
    const paid = await row(transfer.id);
    expect(paid).toMatchObject({ status: 'paid', paidAt: clock.now() });
    clock.advance(60_000);
    expect(json(await deliver(body))).toEqual({ received: true, duplicate: true, applied: false });
    expect((await row(transfer.id)).paidAt).toEqual(paid.paidAt);
    expect(await settled(transfer.id)).toBe(1);
    expect(await balance()).toMatchObject({ available: 0, pending: 0, paid: 8000 });
  });

  it('out of order: payout.paid before our own answer arrived, then a stale payout.failed, changes nothing backwards', async () => {
    await earn(5_000);
    const created = t.app.payouts.sandbox.created.payouts;
    t.app.payouts.sandbox.failNext('lose-answer', 'lose-answer');
    expect((await call('POST', '/web/payments/payouts/transfers', { locationId: location })).statusCode).toBe(502);
    const [pending] = await t.database.db.select().from(payoutTransfers).where(eq(payoutTransfers.status, 'pending'));
    expect(pending).toBeDefined();
    // Stripe tells us about the payout (carrying our transfer id) before we ever learnt its id.
    const paid = event('payout.paid', { id: 'po_sbxearly', object: 'payout', metadata: { wattdesk_transfer: pending!.id } });
    expect(json(await deliver(paid))).toMatchObject({ applied: true });
    expect(await row(pending!.id)).toMatchObject({ status: 'paid', providerPayoutId: 'po_sbxearly' });
    const failed = event('payout.failed', { id: 'po_sbxearly', object: 'payout', failure_message: 'account closed' });
    expect(json(await deliver(failed))).toMatchObject({ duplicate: false, applied: false });
    expect(await row(pending!.id)).toMatchObject({ status: 'paid', failureReason: null });
    // The scheduled retry finds nothing pending: no second payout is created.
    await t.app.payouts.runSchedule();
    expect(t.app.payouts.sandbox.created.payouts).toBe(created);
    expect(await balance()).toMatchObject({ available: 0, pending: 0, paid: 12_000 });
  });

  it('transfer.reversed returns money to the balance once per amount; all of it fails the transfer', async () => {
    await earn(2_500);
    const transfer = await transferNow();
    const reversed = (amount: number) => event('transfer.reversed', { id: transfer.providerTransferId, object: 'transfer', amount_reversed: amount });
    expect(json(await deliver(reversed(500)))).toMatchObject({ applied: true });
    // Another event with the same cumulative amount (Stripe resends under a new id) returns nothing more.
    expect(json(await deliver(reversed(500)))).toMatchObject({ duplicate: false, applied: false });
    expect(await balance()).toMatchObject({ available: 500, pending: 1500 });
    expect(json(await deliver(reversed(2000)))).toMatchObject({ applied: true });
    expect(await row(transfer.id)).toMatchObject({ status: 'failed', failureReason: 'Stripe reversed the transfer' });
    const after = await balance();
    expect(after).toMatchObject({ available: 2000, pending: 0, paid: 12_000 });
    expect(after.available + after.pending + after.paid).toBe(after.hostShare);
  });
});
