import { splitByShare, type BalanceResponse, type Refund, type ShareBps, type Transfer } from '@wattdesk/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { ledgerEntries, locationPaymentAccounts, payoutTransfers, sessionPayments, userLocations, users } from '../../db/schema/index.ts';

describe('payouts: ledger, revenue share, transfers through the Stripe sandbox', () => {
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
      .values({ locationId: location, accountId: 'acct_sbxlakemerritt', livemode: false, sandbox: true, connectedAt: clock.now() });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const balanceOf = async (id = location, token = admin) =>
    json<BalanceResponse>(await call('GET', `/web/payments/payouts/balance?locationId=${id}`, undefined, token)).balances[0]!;
  const price = async (total: number) => {
    const sessionId = crypto.randomUUID();
    await t.app.payouts.recordSessionRevenue({ sessionId, locationId: location, currency: 'USD', total, pricedAt: clock.now() });
    return sessionId;
  };
  /** The driver's payment succeeded (what driver payments tell the ledger, decision 082). */
  const collect = (sessionId: string, amount: number, providerFee = 0) =>
    t.app.payouts.collected({
      sessionId,
      locationId: location,
      currency: 'USD',
      amount,
      providerFee,
      providerPaymentId: `pi_${sessionId}`,
      at: clock.now(),
    });
  const pricedAndPaid = async (total: number) => {
    const sessionId = await price(total);
    await collect(sessionId, total);
    return sessionId;
  };
  const hostOf = async (event: 'payment_collected' | 'payment_refunded', reference: string) => {
    const rows = await t.database.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.event, event), eq(ledgerEntries.reference, reference)));
    return rows.filter((row) => row.account === 'host_share').reduce((sum, row) => sum + row.amount, 0);
  };
  const hostEarned = async () => {
    const [row] = await t.database.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.locationId, location),
          eq(ledgerEntries.account, 'host_share'),
          inArray(ledgerEntries.event, ['session_priced', 'share_allocated', 'monthly_fee', 'refund', 'payment_collected', 'payment_refunded']),
        ),
      );
    return Number(row!.total);
  };

  it("answers the spec's messages before there is money or a share, and keeps revenue unallocated rather than zero", async () => {
    expect(json(await call('GET', `/web/payments/payouts/balance?locationId=${location}`)).msg).toEqual(['balance not found']);
    expect(json(await call('GET', `/web/payments/payouts/revenue-share?locationId=${location}`)).msg).toEqual(['customerRevenueShare not found']);
    const first = await price(1001);
    expect(await balanceOf()).toMatchObject({ sessionRevenue: 1001, earned: 1001, receivable: 1001, collected: 0, unallocated: 1001, available: 0 });
    const set = await call('PUT', '/web/payments/payouts/revenue-share', {
      locationId: location,
      effectiveFrom: '2026-01-01T00:00:00Z',
      hostBps: 7000,
      resellerBps: 1000,
      platformBps: 2000,
    });
    expect(set.statusCode).toBe(200);
    // Split, but nobody has paid: the host's part is held, not available to transfer (decision 082).
    expect(await balanceOf()).toMatchObject({
      sessionRevenue: 1001,
      unallocated: 0,
      available: 0,
      hostShareHeld: 701,
      resellerShare: 100,
      platformFee: 200,
    });
    // The driver pays; the provider keeps 30, out of the platform's part. Told twice, it is booked once.
    await collect(first, 1001, 30);
    await collect(first, 1001, 30);
    expect(await balanceOf()).toMatchObject({
      earned: 1001,
      collected: 1001,
      receivable: 0,
      available: 701,
      hostShareHeld: 0,
      providerFees: 30,
      platformFee: 170,
      resellerShare: 100,
    });
    const bad = await call('PUT', '/web/payments/payouts/revenue-share', {
      locationId: location,
      effectiveFrom: '2026-02-01T00:00:00Z',
      hostBps: 7000,
      resellerBps: 1000,
      platformBps: 1000,
    });
    expect(json(bad).msg).toEqual(['Host, reseller and platform shares must add up to 100%']);
  });

  it('reconciles to the cent for random sessions, payments, shares, deals, refunds and transfers (earned - refunded = shares + fees; paid + pending + available = host share collected)', async () => {
    const shares: ShareBps[] = [{ hostBps: 7000, resellerBps: 1000, platformBps: 2000 }];
    let expectedHost = 701;
    let revenue = 1001;
    let collected = 1001;
    let refunded = 0;
    let writtenOff = 0;
    let fees = 30;
    type Tracked = { id: string; left: number; receivable: number; host: number; reseller: number; platform: number; paid: boolean };
    const sessions: Tracked[] = [];
    for (let step = 0; step < 60; step += 1) {
      clock.advance(3_600_000);
      const roll = Math.random();
      const refundable = sessions.filter((session) => session.left > 0);
      const unpaid = sessions.filter((session) => !session.paid);
      if (roll < 0.35) {
        const total = Math.floor(Math.random() * 50_000) + 1;
        const id = await price(total);
        revenue += total;
        const parts = splitByShare(total, shares.at(-1)!);
        sessions.push({ id, left: total, receivable: total, host: parts.host, reseller: parts.reseller, platform: parts.platform, paid: false });
      } else if (roll < 0.5 && unpaid.length > 0) {
        // The payment succeeded; the provider's fee comes out of the platform's part first, then the reseller's, then the host's.
        const session = unpaid[Math.floor(Math.random() * unpaid.length)]!;
        const fee = Math.floor((Math.random() * session.left) / 10);
        await collect(session.id, session.receivable, fee);
        if (Math.random() < 0.3) await collect(session.id, session.receivable, fee + 1);
        let rest = fee;
        for (const part of ['platform', 'reseller', 'host'] as const) {
          const taken = Math.min(rest, session[part]);
          session[part] -= taken;
          rest -= taken;
        }
        session.paid = true;
        session.left -= fee;
        collected += session.receivable;
        fees += fee;
        expectedHost += session.host;
        expect(await hostOf('payment_collected', session.id)).toBe(session.host);
      } else if (roll < 0.62 && refundable.length > 0) {
        const session = refundable[Math.floor(Math.random() * refundable.length)]!;
        const amount = Math.random() < 0.3 ? session.left : Math.floor(Math.random() * session.left) + 1;
        const body = { locationId: location, sessionId: session.id, amount, idempotencyKey: crypto.randomUUID() };
        const answer = await call('POST', '/web/payments/payouts/refunds', body);
        expect(answer.statusCode, answer.body).toBe(200);
        const { refund } = json<{ refund: Refund }>(answer);
        // Nobody paid: the receivable is written off. Paid without a card payment on record: refunded in the ledger.
        expect(refund.method).toBe(session.paid ? 'ledger' : 'write_off');
        expect(refund.hostShare + refund.resellerShare + refund.platformFee + refund.unallocated).toBe(amount);
        // The host gives back its proportion of what is left of the session, to within the one rounded cent.
        expect(Math.abs(refund.hostShare - (amount * session.host) / session.left)).toBeLessThan(1);
        // Sent again (a retry): recorded once.
        expect(json(await call('POST', '/web/payments/payouts/refunds', body)).msg).toEqual(['refund already recorded']);
        if (amount === session.left) expect(refund.hostShare).toBe(session.host);
        session.left -= amount;
        session.host -= refund.hostShare;
        session.reseller -= refund.resellerShare;
        session.platform -= refund.platformFee;
        refunded += amount;
        if (session.paid) expectedHost -= refund.hostShare;
        else {
          session.receivable -= amount;
          writtenOff += amount;
        }
      } else if (roll < 0.68 && refundable.some((session) => session.paid)) {
        // Driver payments refunded a card payment through the provider: the shares of that amount are reversed, once per refund id.
        const paid = refundable.filter((session) => session.paid);
        const session = paid[Math.floor(Math.random() * paid.length)]!;
        const amount = Math.floor(Math.random() * session.left) + 1;
        const refund = {
          sessionId: session.id,
          locationId: location,
          currency: 'USD',
          amount,
          providerRefundId: `re_${crypto.randomUUID()}`,
          reason: null,
          at: clock.now(),
        };
        await t.app.payouts.refunded(refund);
        await t.app.payouts.refunded(refund);
        const host = -(await hostOf('payment_refunded', refund.providerRefundId));
        expect(Math.abs(host - (amount * session.host) / session.left)).toBeLessThan(1);
        session.left -= amount;
        session.host -= host;
        refunded += amount;
        expectedHost -= host;
      } else if (roll < 0.75) {
        const hostBps = Math.floor(Math.random() * 10_001);
        const resellerBps = Math.floor(Math.random() * (10_001 - hostBps));
        const share = { hostBps, resellerBps, platformBps: 10_000 - hostBps - resellerBps };
        expect(
          (await call('PUT', '/web/payments/payouts/revenue-share', { locationId: location, effectiveFrom: clock.now().toISOString(), ...share }))
            .statusCode,
        ).toBe(200);
        shares.push(share);
      } else if (roll < 0.8) {
        const fee = Math.floor(Math.random() * 500) + 1;
        const deal = await call('POST', '/web/payments/payouts/deals', {
          locationId: location,
          kind: 'fixed_fee',
          startDate: clock.now().toISOString().slice(0, 10),
          termMonths: 1,
          currency: 'USD',
          monthlyFee: fee,
        });
        expect(json(deal).msg).toEqual(['deal added']);
        expectedHost -= fee;
      } else {
        // A refusal is queued only when a transfer will reach the provider (there is a balance to send).
        if (Math.random() < 0.3 && (await balanceOf()).available > 0) t.app.payouts.sandbox.failNext('refuse');
        const sent = await call('POST', '/web/payments/payouts/transfers', { locationId: location });
        expect([200, 400, 404]).toContain(sent.statusCode);
        // A refusal left unused (the call did not reach Stripe) must not refuse a later test's transfer.
        t.app.payouts.sandbox.clearFaults();
      }
      const balance = await balanceOf();
      expect(balance).toMatchObject({ sessionRevenue: revenue, earned: revenue, collected, refunded, writtenOff, providerFees: fees });
      expect(balance.receivable).toBe(revenue - collected - writtenOff);
      // Only what drivers paid reaches the host's balance: the held part of unpaid sessions is never available.
      expect(balance.hostShareHeld).toBe(sessions.filter((session) => !session.paid).reduce((sum, session) => sum + session.host, 0));
      expect(balance.available + balance.pending + balance.paid).toBe(expectedHost);
      expect(balance.paidOut).toBe(balance.pending + balance.paid);
      expect(await hostEarned()).toBe(expectedHost);
      expect(
        balance.hostShare + balance.hostShareHeld + balance.resellerShare! + balance.platformFee! + balance.unallocated + balance.providerFees,
      ).toBe(revenue - refunded);
    }
  });

  it("refusal answers 'transfer failed' with Stripe's reason and returns the money; a lost answer is retried with the same key and paid once", async () => {
    // The random test before leaves any share and balance (fees can make it negative): give the host all of new revenue
    // and enough of it that there is a balance to send.
    clock.advance(1000);
    const share = { locationId: location, effectiveFrom: clock.now().toISOString(), hostBps: 10_000, resellerBps: 0, platformBps: 0 };
    expect((await call('PUT', '/web/payments/payouts/revenue-share', share)).statusCode).toBe(200);
    await pricedAndPaid(20_000 + Math.max(0, -(await balanceOf()).available));
    // Payouts the random test sent land by themselves once their delay has passed (the clock moved hours): let
    // them land now, so none moves from pending to paid while this test counts.
    await t.app.payouts.sandbox.settlePayouts();
    const before = await balanceOf();
    expect(before.available).toBeGreaterThan(0);
    t.app.payouts.sandbox.failNext('refuse');
    const refused = await call('POST', '/web/payments/payouts/transfers', { locationId: location });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).msg).toEqual(['transfer failed', expect.stringContaining('capabilities enabled: transfers')]);
    expect((await balanceOf()).available).toBe(before.available);

    const created = t.app.payouts.sandbox.created.transfers;
    // The SDK itself retries a dropped connection once (with the same key): lose both answers.
    t.app.payouts.sandbox.failNext('lose-answer', 'lose-answer');
    const lost = await call('POST', '/web/payments/payouts/transfers', { locationId: location });
    expect(lost.statusCode).toBe(502);
    expect(json<{ msg: string[] }>(lost).msg[0]).toBe('transfer failed');
    expect(await balanceOf()).toMatchObject({ available: 0, pending: before.pending + before.available });
    const [retry, again] = await Promise.all([
      call('POST', '/web/payments/payouts/transfers', { locationId: location }),
      call('POST', '/web/payments/payouts/transfers', { locationId: location }),
    ]);
    // Either of the two may be the one that pays; the other finds the same transfer or nothing left to pay.
    expect([retry.statusCode, again.statusCode]).toContain(200);
    expect([200, 404]).toContain(retry.statusCode);
    expect([200, 404]).toContain(again.statusCode);
    const transfer = json<{ transfer: Transfer }>(retry.statusCode === 200 ? retry : again).transfer;
    expect(transfer).toMatchObject({ status: 'in_transit', amount: before.available, trigger: 'manual' });
    expect(t.app.payouts.sandbox.created.transfers).toBe(created + 1);

    // The provider reports the payout paid; hearing it twice changes nothing the second time.
    clock.advance(120_000);
    await t.app.payouts.runSchedule();
    await t.app.payouts.runSchedule();
    const [row] = await t.database.db.select().from(payoutTransfers).where(eq(payoutTransfers.id, transfer.id));
    expect(row).toMatchObject({ status: 'paid', paidAt: clock.now() });
    expect(await balanceOf()).toMatchObject({ available: 0, pending: 0, paid: before.paid + before.pending + before.available });
    const history = json<{ items: Transfer[]; total: number }>(
      await call('GET', `/web/payments/payouts/transfers?locationId=${location}&pageSize=2`),
    );
    expect(history.items[0]).toMatchObject({ id: transfer.id, status: 'paid' });
    expect(history.items.length).toBeLessThanOrEqual(2);
  });

  it('a deal or a revenue share for a location that does not exist is a 404, not a server error (issue 39 fuzz)', async () => {
    const nowhere = crypto.randomUUID();
    const deal = await call('POST', '/web/payments/payouts/deals', {
      kind: 'fixed_fee',
      locationId: nowhere,
      startDate: '2026-10-18',
      termMonths: 93,
      currency: 'USD',
      monthlyFee: 20_363,
    });
    const share = await call('PUT', '/web/payments/payouts/revenue-share', {
      locationId: nowhere,
      effectiveFrom: '2026-01-01T00:00:00Z',
      hostBps: 7000,
      resellerBps: 1000,
      platformBps: 2000,
    });
    for (const response of [deal, share]) {
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ code: 'LOCATION_NOT_FOUND' });
    }
  });

  it('refund refusals: unknown session 404, more than is left 400, a key reused for another refund 409', async () => {
    const sessionId = await price(3_000);
    const refund = (amount: number, idempotencyKey = crypto.randomUUID(), id = sessionId) =>
      call('POST', '/web/payments/payouts/refunds', { locationId: location, sessionId: id, amount, idempotencyKey });
    expect(json(await refund(1, undefined, crypto.randomUUID())).msg).toEqual(['Charging session not found']);
    const key = crypto.randomUUID();
    expect((await refund(2_000, key)).statusCode).toBe(200);
    expect(json(await refund(1_001)).msg).toEqual([
      'The refund is more than what is left of the session after earlier refunds',
      'At most 1000 can be refunded',
    ]);
    expect((await refund(999, key)).statusCode).toBe(409);
    expect((await refund(1_000)).statusCode).toBe(200);
  });

  it('a session its driver paid by card is refunded through the provider, never only in the ledger (decision 082)', async () => {
    const sessionId = await pricedAndPaid(4_000);
    await t.database.db.insert(sessionPayments).values({
      sessionId,
      locationId: location,
      driverId: crypto.randomUUID(),
      amount: 4_000,
      currency: 'USD',
      status: 'paid',
      providerPaymentId: `pi_${sessionId}`,
      paidAt: clock.now(),
    });
    const before = await balanceOf();
    const body = { locationId: location, sessionId, amount: 1_000, idempotencyKey: crypto.randomUUID() };
    // The provider has no such payment: it refuses the refund, and the ledger books nothing on its own.
    const answer = await call('POST', '/web/payments/payouts/refunds', body);
    expect(answer.statusCode).toBe(402);
    expect(json<{ msg: string[] }>(answer).msg[0]).toBe('The provider refused the refund');
    expect(await balanceOf()).toEqual(before);
  });

  it('statement CSV and PDF of the month add up to the ledger; the ledger refuses edits', async () => {
    const month = clock.now().toISOString().slice(0, 7);
    const csv = await call('GET', `/web/payments/payouts/statement?locationId=${location}&month=${month}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const total = rows.find((row) => row[0] === 'Total');
    if (!total) throw new Error(JSON.stringify(csv.body.slice(-300)));
    const balance = await balanceOf();
    expect(total.slice(4)).toEqual(
      [
        balance.collected,
        // Write-offs go back on the receivable; the Refunds column is money given back.
        balance.refunded - balance.writtenOff,
        balance.hostShare - balance.paid - balance.pending,
        balance.resellerShare,
        balance.platformFee,
        balance.paidOut,
        0,
        balance.roamingReceivable,
        balance.receivable - balance.roamingReceivable,
        balance.hostShareHeld,
        balance.providerFees,
      ].map((n) => String(n! / 100)),
    );
    const pdf = await call('GET', `/web/payments/payouts/statement?locationId=${location}&month=${month}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(t.database.db.execute(sql`update ledger_entries set amount_minor = 0`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });

  it('role table: Reseller sees payouts and its revenue but cannot transfer; Admin sees no money', async () => {
    const reseller = await loginAs(t.app, 'Reseller');
    const [resellerUser] = await t.database.db.select().from(users).where(eq(users.email, 'reseller@example.com'));
    await t.database.db.insert(userLocations).values({ userId: resellerUser!.id, locationId: location }).onConflictDoNothing();
    const token = (await loginAs(t.app, 'Reseller')).access_token;
    expect(reseller.access_token).toBeTruthy();
    expect((await balanceOf(location, token)).resellerShare).toEqual(expect.any(Number));
    const refused = await call('POST', '/web/payments/payouts/transfers', { locationId: location }, token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).msg).toEqual(['You do not have permission to do this']);
    const refund = { locationId: location, sessionId: crypto.randomUUID(), amount: 1, idempotencyKey: crypto.randomUUID() };
    expect((await call('POST', '/web/payments/payouts/refunds', refund, token)).statusCode).toBe(403);
    const adminType = (await loginAs(t.app, 'Admin')).access_token;
    const hidden = await call('GET', `/web/payments/payouts/balance?locationId=${location}`, undefined, adminType);
    expect(hidden.statusCode).toBe(403);
  });
});
