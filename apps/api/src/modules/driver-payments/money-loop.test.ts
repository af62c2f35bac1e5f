import {
  splitByShare,
  type Balance,
  type ChargerEvent,
  type DriverPaymentMethod,
  type SessionPayment,
  type ShareBps,
  type Transfer,
} from '@wattdesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { makeDriver, newTag } from '../../../test/driver-fixtures.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { paymentSandboxObjects } from '../../db/schema/index.ts';

const HOUR = 3_600_000;
/** Stripe's US card pricing, which the sandbox's balance transactions show: 2.9 % + 30¢. */
const stripeFee = (amount: number) => Math.round(amount * 0.029) + 30;
const SHARE: ShareBps = { hostBps: 7000, resellerBps: 1000, platformBps: 2000 };

/**
 * Issue 43's bar, end to end on the engine of the run (PGlite, and PostgreSQL in the api-postgres pass): money comes
 * in from a driver's card and goes out to the host, and a dead card stops the driver at the charger until replaced.
 * Everything is done and read as a client would: the HTTP API, the provider's hosted pages, a charger over OCPP 1.6J.
 * The only hand on the product is its clock, moved to make retries due; the app's own charge job (every second
 * here) does the charging.
 */
describe('the money loop: card on file → session → paid → host balance → transfer; a declining card → failed → refused → fixed', () => {
  let t: OcppTestApp;
  let lot: string;
  const clock = manualClock();

  beforeAll(async () => {
    t = await startOcppApp({
      now: clock.now,
      env: { PAYMENT_RETRY_MINUTES: '60,360', PAYMENT_MAX_FAILURES: '3', PAYMENT_JOB_SECONDS: '1' },
    });
    lot = t.locations['oak-jack-london']!;
    // The host's revenue share from now on, and its Stripe account connected through the sandbox's OAuth page.
    const share = await t.api('PUT', '/web/payments/payouts/revenue-share', { locationId: lot, effectiveFrom: clock.now().toISOString(), ...SHARE });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    clock.advance(1000);
    const authorize = await t.api('POST', '/web/payments/connect/authorize', { locationId: lot });
    const page = new URL(authorize.body.url as string);
    const approved = await t.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: page.searchParams.get('client_id')!,
        state: page.searchParams.get('state')!,
        redirect_uri: page.searchParams.get('redirect_uri')!,
        decision: 'approve',
      }).toString(),
    });
    const back = new URL(approved.headers.location as string);
    const connected = await t.api('POST', '/web/payments/connect', { state: back.searchParams.get('state')!, code: back.searchParams.get('code')! });
    expect(connected.body).toMatchObject({ sandbox: true, accountId: expect.stringMatching(/^acct_sbx/) });
  });
  afterAll(() => t.close());

  /** What a browser does: open the card page, type the card on the sandbox's page, come back to the driver. */
  const saveCard = async (driverId: string, number: string) => {
    const started = await t.api('POST', `/web/drivers/${driverId}/payment-method/setup`);
    const page = new URL(started.body.url as string);
    const posted = await t.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number, expiry: '12 / 34', cvc: '123' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    const back = new URL(posted.headers.location as string);
    const saved = await t.api('POST', `/web/drivers/${driverId}/payment-method`, { sessionId: back.searchParams.get('card_session')! });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.paymentMethod as DriverPaymentMethod;
  };

  /**
   * A charger of the location. Its meter starts at 120 kWh and the session reports a start at 100 kWh: about 20 kWh
   * charged, so the price is well above the provider's fee and the fee comes out of the platform's part alone.
   */
  const charger = async () => {
    const registered = await t.registerCharger('oak-jack-london');
    const simulated = t.simulate(registered, { initialEnergyWh: 120_000 });
    await simulated.connect();
    return { simulated, id: registered.id };
  };
  type Charger = Awaited<ReturnType<typeof charger>>;

  /** The driver's one session, started and stopped at the charger; answers its id as the driver's payments list it. */
  const chargeSession = async ({ simulated }: Charger, tag: string, driverId: string) => {
    const started = await simulated.startSession({ idTag: tag, meterStart: 100_000 });
    expect(started.idTagInfo.status).toBe('Accepted');
    await simulated.stopSession();
    return eventually(async () => {
      const listed = (await t.api('GET', `/web/drivers/${driverId}/payments`)).body as { items: SessionPayment[] };
      expect(listed.items).toHaveLength(1);
      return listed.items[0]!.sessionId;
    });
  };
  /** What the provider holds for a session (the sandbox's store is the provider's side, like Stripe's dashboard). */
  const intentsOf = async (sessionId: string) =>
    (
      await t.database.db
        .select({ body: paymentSandboxObjects.body })
        .from(paymentSandboxObjects)
        .where(
          and(
            eq(paymentSandboxObjects.provider, 'stripe'),
            eq(paymentSandboxObjects.kind, 'payment_intent'),
            sql`${paymentSandboxObjects.body}->'metadata'->>'wattdesk_session' = ${sessionId}`,
          ),
        )
    ).map((row) => row.body as { id: string; status: string; amount: number });
  const paymentOf = async (sessionId: string) => (await t.api('GET', `/web/session-payments/${sessionId}`)).body.payment as SessionPayment | null;
  const balance = async () => {
    const answer = await t.api('GET', `/web/payments/payouts/balance?locationId=${lot}`);
    return (answer.body.balances as Balance[]).find((entry) => entry.currency === 'USD')!;
  };
  const authorizeLog = async ({ id }: Charger) =>
    ((await t.api('GET', `/web/chargers/${id}/events?pageSize=50`)).body.items as ChargerEvent[]).filter((event) => event.kind === 'authorization');

  it('A: a 4242 card pays the session once, with the provider’s fee; the host’s share becomes available and is transferred', async () => {
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag] });
    expect((await saveCard(driverId, '4242 4242 4242 4242')).card).toMatchObject({ brand: 'Visa', last4: '4242', status: 'active' });
    const before = await balance();

    const sessionId = await chargeSession(await charger(), tag, driverId);
    const paid = await eventually(async () => {
      const payment = await paymentOf(sessionId);
      expect(payment).toMatchObject({ status: 'paid', attempts: 1 });
      return payment!;
    });
    const amount = paid.amountMinor;
    const parts = splitByShare(amount, SHARE);
    expect(paid.providerFeeMinor).toBe(stripeFee(amount));
    // The fee is the platform's to bear (decision 082): with this price it fits in the platform's part.
    expect(paid.providerFeeMinor).toBeLessThanOrEqual(parts.platform);
    // The provider holds exactly one payment of the session, for its price.
    expect(await intentsOf(sessionId)).toEqual([expect.objectContaining({ id: paid.providerPaymentId, status: 'succeeded', amount })]);
    const history = (await t.api('GET', `/web/drivers/${driverId}/payments`)).body as { items: SessionPayment[]; total: number };
    expect(history).toMatchObject({ total: 1, items: [{ sessionId, status: 'paid', providerPaymentId: paid.providerPaymentId }] });

    const after = await eventually(async () => {
      const now = await balance();
      expect(now.collected - before.collected).toBe(amount);
      return now;
    });
    expect(after.earned - before.earned).toBe(amount);
    expect(after.providerFees - before.providerFees).toBe(stripeFee(amount));
    expect(after.available - before.available).toBe(parts.host);
    expect(after.hostShareHeld).toBe(before.hostShareHeld);

    const sent = await t.api('POST', '/web/payments/payouts/transfers', { locationId: lot });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const transfer = sent.body.transfer as Transfer;
    expect(transfer).toMatchObject({ amount: after.available, currency: 'USD', trigger: 'manual' });
    const left = await balance();
    expect(left.available).toBe(after.available - transfer.amount);
    expect(left.paidOut - after.paidOut).toBe(transfer.amount);
  });

  it('B: a 4000…0341 card declines, is retried on schedule, fails; the charger refuses the driver until a 4242 card pays the debt', async () => {
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag] });
    await saveCard(driverId, '4000 0000 0000 0341');
    const station = await charger();
    const sessionId = await chargeSession(station, tag, driverId);

    // The first attempt follows the pricing; the next is an hour away by the app's clock.
    const once = await eventually(async () => {
      const payment = await paymentOf(sessionId);
      expect(payment).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Your card was declined.' });
      return payment!;
    });
    expect(new Date(once.nextAttemptAt!).getTime() - clock.now().getTime()).toBeGreaterThan(59 * 60_000);
    const unpaid = (await t.api('GET', `/web/session-payments?locationId=${lot}`)).body as { items: SessionPayment[] };
    expect(unpaid.items.find((item) => item.sessionId === sessionId)).toMatchObject({ status: 'pending' });

    clock.advance(HOUR + 60_000);
    await eventually(async () => expect(await paymentOf(sessionId)).toMatchObject({ status: 'pending', attempts: 2 }));
    clock.advance(6 * HOUR + 60_000);
    await eventually(async () => expect(await paymentOf(sessionId)).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null }));
    expect((await t.api('GET', `/web/drivers/${driverId}/payment-method`)).body).toMatchObject({
      hasFailedPayment: true,
      card: { last4: '0341', status: 'requires_update' },
    });
    const failedList = (await t.api('GET', `/web/session-payments?locationId=${lot}`)).body as { items: SessionPayment[] };
    expect(failedList.items.find((item) => item.sessionId === sessionId)).toMatchObject({ status: 'failed' });
    // Nothing was collected, so the host's part is held, not available.
    const held = await balance();

    // At the charger: refused, and the charger log says why.
    expect((await station.simulated.authorize(tag)).idTagInfo.status).toBe('Blocked');
    await eventually(async () =>
      expect((await authorizeLog(station)).map((event) => event.summary).join('\n')).toContain('payment failed: update the card on file'),
    );

    // A card that pays: the failed payment is charged at once (its fourth attempt), and the driver is let in again.
    expect((await saveCard(driverId, '4242 4242 4242 4242')).card).toMatchObject({ last4: '4242', status: 'active' });
    const paid = await eventually(async () => {
      const payment = await paymentOf(sessionId);
      expect(payment).toMatchObject({ status: 'paid', attempts: 4, lastError: null });
      return payment!;
    });
    expect((await t.api('GET', `/web/drivers/${driverId}/payment-method`)).body).toMatchObject({ hasFailedPayment: false });
    expect((await station.simulated.authorize(tag)).idTagInfo.status).toBe('Accepted');
    // Of the session's payments at the provider, one succeeded: the one recorded.
    const succeeded = (await intentsOf(sessionId)).filter((intent) => intent.status === 'succeeded');
    expect(succeeded).toEqual([expect.objectContaining({ id: paid.providerPaymentId, amount: paid.amountMinor })]);
    const collected = await balance();
    expect(collected.collected - held.collected).toBe(paid.amountMinor);
    expect(collected.available - held.available).toBe(splitByShare(paid.amountMinor, SHARE).host);
  });
});
