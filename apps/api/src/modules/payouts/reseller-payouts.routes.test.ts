import type { ResellerPayoutsResponse, ResellerTransfer } from '@wattdesk/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, ledgerEntries, locationPaymentAccounts, resellerTransfers } from '../../db/schema/index.ts';

describe("reseller payouts (issue 43 part 3): the reseller's collected share paid to its own connected account", () => {
  let t: TestApp;
  let admin: string;
  let reseller: string;
  let portfolio: string;
  let location: string;
  const clock = manualClock(new Date('2026-11-10T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    admin = (await loginAs(t.app, 'SuperAdmin')).access_token;
    const resellerLogin = await loginAs(t.app, 'Reseller');
    reseller = resellerLogin.access_token;
    portfolio = (await loginAs(t.app, 'PortfolioManager')).access_token;
    location = resellerLogin.locations[0] ?? (await demoLocationIds(t.database.db))['oak-lake-merritt']!;
    clock.advance(1000);
    const share = { locationId: location, effectiveFrom: clock.now().toISOString(), hostBps: 7000, resellerBps: 1000, platformBps: 2000 };
    expect((await call('PUT', '/web/payments/payouts/revenue-share', share)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const overview = async (token = reseller) => json<ResellerPayoutsResponse>(await call('GET', '/web/payments/reseller', undefined, token));
  const usd = async () =>
    (await overview()).balances.find((balance) => balance.currency === 'USD') ?? { earned: 0, collected: 0, paidOut: 0, available: 0 };
  const price = async (total: number) => {
    const sessionId = crypto.randomUUID();
    await t.app.payouts.recordSessionRevenue({ sessionId, locationId: location, currency: 'USD', total, pricedAt: clock.now() });
    return sessionId;
  };
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

  /** Authorize as the reseller, approve on the sandbox's page, come back with state and code: what a browser does. */
  const connectThroughSandbox = async (token = reseller) => {
    const started = await call('POST', '/web/payments/reseller/connect/authorize', undefined, token);
    expect(started.statusCode).toBe(200);
    const url = new URL(json<{ url: string }>(started).url);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/stripe\/reseller-connected$/);
    const decided = await t.app.inject({
      method: 'POST',
      url: '/web/payments/sandbox/oauth/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: url.searchParams.get('client_id')!,
        state: url.searchParams.get('state')!,
        redirect_uri: url.searchParams.get('redirect_uri')!,
        decision: 'approve',
      }).toString(),
    });
    const back = new URL(decided.headers.location as string);
    return { state: back.searchParams.get('state')!, code: back.searchParams.get('code')! };
  };

  it('the reseller connects its own Stripe account through the sandbox; the same code twice connects once; a location state cannot finish it', async () => {
    expect((await overview()).account).toBeNull();
    const grant = await connectThroughSandbox();
    const first = await call('POST', '/web/payments/reseller/connect', grant, reseller);
    expect(first.statusCode).toBe(200);
    const again = await call('POST', '/web/payments/reseller/connect', grant, reseller);
    expect(json(again)).toEqual(json(first));
    const { account } = await overview();
    expect(account).toMatchObject({ accountId: json<{ accountId: string }>(first).accountId, sandbox: true });
    // Not a location's connection: the location the reseller reaches still has none.
    expect(json(await call('GET', `/web/payments/connect?locationId=${location}`, undefined, reseller))).toMatchObject({ account: null });
    // A reseller's state is signed for the reseller: the location route refuses it.
    const other = await connectThroughSandbox();
    expect((await call('POST', '/web/payments/connect', other, reseller)).statusCode).toBe(400);
    const [audit] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'payouts.reseller_stripe_connect'));
    expect(audit).toMatchObject({ entity: 'reseller', actorType: 'Reseller' });
  });

  it("the collected reseller share rises only when a driver's payment is collected", async () => {
    const before = await usd();
    const session = await price(10_000);
    const earnedOnly = await usd();
    expect(earnedOnly).toMatchObject({ earned: before.earned + 1000, collected: before.collected, available: before.available });
    await collect(session, 10_000);
    expect(await usd()).toMatchObject({ earned: before.earned + 1000, collected: before.collected + 1000, available: before.available + 1000 });
  });

  it('a transfer pays exactly the available amount once; the same key again pays nothing more; then nothing is left', async () => {
    const before = await usd();
    expect(before.available).toBeGreaterThan(0);
    const created = t.app.payouts.sandbox.created.transfers;
    const key = crypto.randomUUID();
    const body = { currency: 'USD', idempotencyKey: key };
    const [one, two] = await Promise.all([
      call('POST', '/web/payments/reseller/transfers', body, reseller),
      call('POST', '/web/payments/reseller/transfers', body, reseller),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const first = json<{ transfer: ResellerTransfer; repeated: boolean }>(one);
    const second = json<{ transfer: ResellerTransfer; repeated: boolean }>(two);
    expect(first.transfer.id).toBe(second.transfer.id);
    expect([first.repeated, second.repeated].sort()).toEqual([false, true]);
    expect(first.transfer).toMatchObject({ amount: before.available, currency: 'USD', destination: (await overview()).account!.accountId });
    expect(t.app.payouts.sandbox.created.transfers).toBe(created + 1);
    const later = await call('POST', '/web/payments/reseller/transfers', body, reseller);
    expect(json<{ transfer: ResellerTransfer; repeated: boolean }>(later)).toMatchObject({ repeated: true, transfer: { id: first.transfer.id } });
    expect(t.app.payouts.sandbox.created.transfers).toBe(created + 1);

    expect(await usd()).toMatchObject({ available: 0, paidOut: before.paidOut + before.available, collected: before.collected });
    const rows = await t.database.db.select().from(resellerTransfers);
    expect(rows).toHaveLength(1);
    // The ledger moved it per location from reseller_share to reseller_transfer, and the movements sum to the transfer.
    const moved = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transferId, first.transfer.id), eq(ledgerEntries.account, 'reseller_transfer')));
    expect(moved.reduce((sum, row) => sum + row.amount, 0)).toBe(before.available);
    const [audit] = await t.database.db.select().from(activityLogs).where(like(activityLogs.action, 'payouts.reseller_transfer_started'));
    expect(audit).toMatchObject({ entityId: first.transfer.id, actorType: 'Reseller' });
    // Nothing left: a new request is refused and pays nothing.
    const empty = await call('POST', '/web/payments/reseller/transfers', { currency: 'USD', idempotencyKey: crypto.randomUUID() }, reseller);
    expect(empty.statusCode).toBe(404);
    expect(t.app.payouts.sandbox.created.transfers).toBe(created + 1);
    expect((await overview()).transfers[0]).toMatchObject({ id: first.transfer.id });
  });

  it("a refund after the transfer takes the reseller's part back from what it is owed next", async () => {
    const session = await price(5000);
    await collect(session, 5000);
    expect((await usd()).available).toBe(500);
    const refund = await call('POST', '/web/payments/payouts/refunds', {
      locationId: location,
      sessionId: session,
      amount: 5000,
      idempotencyKey: crypto.randomUUID(),
    });
    // A collected session without a card payment is refunded in the ledger (decision 082): its reseller part goes back.
    expect(refund.statusCode).toBe(200);
    expect((await usd()).available).toBe(0);
  });

  it('a provider refusal gives the money back to the reseller share', async () => {
    const session = await price(3000);
    await collect(session, 3000);
    const before = await usd();
    t.app.payouts.sandbox.failNext('refuse');
    const refused = await call('POST', '/web/payments/reseller/transfers', { currency: 'USD', idempotencyKey: crypto.randomUUID() }, reseller);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).msg).toEqual(['transfer failed', expect.any(String)]);
    expect(await usd()).toEqual(before);
  });

  it("who may: a Reseller cannot disconnect a host's account; a PortfolioManager cannot see, transfer or disconnect the reseller's money", async () => {
    await t.database.db
      .insert(locationPaymentAccounts)
      .values({ locationId: location, accountId: 'acct_sbxhostofreseller', livemode: false, sandbox: true, connectedAt: clock.now() })
      .onConflictDoNothing();
    const hostDisconnect = await call('DELETE', `/web/payments/connect?locationId=${location}`, undefined, reseller);
    expect(hostDisconnect.statusCode).toBe(403);
    expect(json(await call('GET', `/web/payments/connect?locationId=${location}`, undefined, reseller))).toMatchObject({
      account: { accountId: 'acct_sbxhostofreseller' },
    });

    const session = await price(2000);
    await collect(session, 2000);
    const before = await usd();
    expect(
      (await call('POST', '/web/payments/reseller/transfers', { currency: 'USD', idempotencyKey: crypto.randomUUID() }, portfolio)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/web/payments/reseller', undefined, portfolio)).statusCode).toBe(403);
    expect((await call('DELETE', '/web/payments/reseller/connect', undefined, portfolio)).statusCode).toBe(403);
    expect((await call('POST', '/web/payments/reseller/connect/authorize', undefined, portfolio)).statusCode).toBe(403);
    expect(await usd()).toEqual(before);

    // The reseller may disconnect its own; a SuperAdmin may too (support). Then a transfer has nowhere to go.
    expect((await call('DELETE', '/web/payments/reseller/connect', undefined, reseller)).statusCode).toBe(200);
    expect((await overview()).account).toBeNull();
    const nowhere = await call('POST', '/web/payments/reseller/transfers', { currency: 'USD', idempotencyKey: crypto.randomUUID() }, admin);
    expect(nowhere.statusCode).toBe(400);
    expect(json(nowhere).msg).toEqual(['transfer failed', "Connect the reseller's Stripe account in Reseller payouts first"]);
  });
});
