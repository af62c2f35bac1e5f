import type { BalanceResponse, Transfer } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { locationPaymentAccounts, payoutTransfers, providerEvents } from '../../db/schema/index.ts';
import { SANDBOX_SECRET_KEY } from './stripe-sandbox.ts';
import { recordPaidSession } from '../../../test/paid-session.ts';

describe("the sandbox's own events reach the product's webhook route, signed and verified", () => {
  let t: TestApp;
  let admin: string;
  let location: string;
  const clock = manualClock(new Date('2026-11-10T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    admin = (await loginAs(t.app, 'SuperAdmin')).access_token;
    location = (await demoLocationIds(t.database.db))['oak-lake-merritt']!;
    await t.database.db
      .insert(locationPaymentAccounts)
      .values({ locationId: location, accountId: 'acct_sbxevents', livemode: false, sandbox: true, connectedAt: clock.now() });
    const share = { locationId: location, effectiveFrom: '2026-01-01T00:00:00Z', hostBps: 10_000, resellerBps: 0, platformBps: 0 };
    expect((await call('PUT', '/web/payments/payouts/revenue-share', share)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject(authed(admin, { method, url, ...(payload ? { payload } : {}) }));
  const row = async (id: string) => (await t.database.db.select().from(payoutTransfers).where(eq(payoutTransfers.id, id)))[0]!;
  const balance = async () => json<BalanceResponse>(await call('GET', `/web/payments/payouts/balance?locationId=${location}`)).balances[0]!;
  const transferNow = async (total: number) => {
    await recordPaidSession(t.app, { sessionId: crypto.randomUUID(), locationId: location, currency: 'USD', total, pricedAt: clock.now() });
    const sent = await call('POST', '/web/payments/payouts/transfers', { locationId: location });
    expect(sent.statusCode, sent.body).toBe(200);
    return json<{ transfer: Transfer }>(sent).transfer;
  };

  it('a payout stays in transit until its delay has passed, then payout.paid settles it once', async () => {
    const transfer = await transferNow(3_000);
    await t.app.payouts.sandbox.settlePayouts();
    expect((await row(transfer.id)).status).toBe('in_transit');
    clock.advance(60_000);
    await t.app.payouts.sandbox.settlePayouts();
    expect(await row(transfer.id)).toMatchObject({ status: 'paid', paidAt: clock.now() });
    const events = await t.database.db.select().from(providerEvents).where(eq(providerEvents.type, 'payout.paid'));
    expect(events).toHaveLength(1);
    expect(t.app.payouts.sandbox.undelivered()).toEqual([]);
  });

  it("a payout the bank refuses arrives as payout.failed with the bank's reason; the transfer waits for Stripe's retry", async () => {
    t.app.payouts.sandbox.failNextPayout('The bank account has been closed.');
    const transfer = await transferNow(2_000);
    clock.advance(60_000);
    await t.app.payouts.sandbox.settlePayouts();
    expect(await row(transfer.id)).toMatchObject({ status: 'in_transit', failureReason: 'The bank account has been closed.' });
  });

  it('a reversal made through the SDK comes back as transfer.reversed and returns the money to the balance', async () => {
    const transfer = await transferNow(1_000);
    const { host, port } = await t.app.payouts.sandbox.address();
    const sdk = new Stripe(SANDBOX_SECRET_KEY, { host, port, protocol: 'http', maxNetworkRetries: 0 });
    const before = await balance();
    const reversal = await sdk.transfers.createReversal(transfer.providerTransferId!, { amount: 400 });
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 400, transfer: transfer.providerTransferId });
    await t.app.payouts.sandbox.deliverDue();
    expect(await balance()).toMatchObject({ available: before.available + 400 });
    await expect(sdk.transfers.createReversal(transfer.providerTransferId!, { amount: 601 })).rejects.toThrow(/between 1 and 600/);
  });
});
