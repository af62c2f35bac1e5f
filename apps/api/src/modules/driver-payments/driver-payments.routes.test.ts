import { startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import { formatMoney, type DriverPaymentMethod, type LocationPaymentRule, type SessionPayment } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { makeDriver, newTag } from '../../../test/driver-fixtures.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { activityLogs, chargerEvents, chargingSessions, driverPaymentMethods, users } from '../../db/schema/index.ts';

const HOUR = 3_600_000;
/** The built-in sandbox's own key (payments/stripe-sandbox.ts): it opens nothing anywhere else. */
const SANDBOX_SECRET_KEY = 'sk_test_wattdesk_sandbox';
/** Stripe's US card pricing, which the sandbox's balance transactions show: 2.9 % + 30¢. */
const stripeFee = (amount: number) => Math.round(amount * 0.029) + 30;

/** Cards on file and session payments through the Stripe SDK and the built-in sandbox, with chargers over OCPP 1.6J. */
describe('driver payments: card on file, charging priced sessions, refusing unpaid accounts', () => {
  let t: OcppTestApp;
  let smtp: SmtpSink;
  let lot: string;
  const clock = manualClock();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startOcppApp({
      now: clock.now,
      env: { SMTP_URL: smtp.url, PAYMENT_RETRY_MINUTES: '60,360', PAYMENT_MAX_FAILURES: '3', PAYMENT_JOB_SECONDS: '0' },
    });
    lot = t.locations['oak-jack-london']!;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** What a browser does: start the card page, type the card on the sandbox's page, come back to the driver. */
  const saveCard = async (driverId: string, number: string) => {
    const started = await t.api('POST', `/web/drivers/${driverId}/payment-method/setup`);
    expect(started.status).toBe(200);
    const page = new URL(started.body.url as string);
    expect(page.pathname).toMatch(/^\/web\/payments\/sandbox\/checkout\/cs_test_/);
    const posted = await t.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number, expiry: '12 / 34', cvc: '123' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    const back = new URL(posted.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://wattdesk.test/dashboard/drivers');
    expect(back.searchParams.get('driver')).toBe(driverId);
    return t.api('POST', `/web/drivers/${driverId}/payment-method`, { sessionId: back.searchParams.get('card_session')! });
  };

  const charger = async () => {
    const registered = await t.registerCharger('oak-jack-london');
    const simulated = t.simulate(registered);
    await simulated.connect();
    return simulated;
  };
  type Simulated = Awaited<ReturnType<typeof charger>>;

  /** A finished session of the tag, priced at stop; answers its id. */
  const chargeSession = async (simulated: Simulated, tag: string) => {
    const started = await simulated.startSession({ idTag: tag, meterStart: 1000 });
    expect(started.idTagInfo.status).toBe('Accepted');
    await simulated.stopSession();
    const [session] = await t.database.db
      .select({ id: chargingSessions.id })
      .from(chargingSessions)
      .where(and(eq(chargingSessions.transactionId, started.transactionId), eq(chargingSessions.idTag, tag)));
    return session!.id;
  };
  const paymentOf = async (sessionId: string) => (await t.api('GET', `/web/session-payments/${sessionId}`)).body.payment as SessionPayment | null;
  const emailOf = async (driverId: string) =>
    (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, driverId)))[0]!.email;

  it('saves the card typed on the provider page (a sub-user shows its main user’s), audited; removal is audited too', async () => {
    const driverId = await makeDriver(t.database.db, lot);
    const subUser = await makeDriver(t.database.db, lot, { role: 'sub-user', mainDriverId: driverId });
    expect((await t.api('GET', `/web/drivers/${driverId}/payment-method`)).body).toMatchObject({
      card: null,
      hasFailedPayment: false,
      sandbox: true,
    });

    const saved = await saveCard(driverId, '4242 4242 4242 4242');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      msg: ['Card on file saved'],
      paymentMethod: { driverId, accountDriverId: driverId, card: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034, status: 'active' } },
    });
    const ofSubUser = (await t.api('GET', `/web/drivers/${subUser}/payment-method`)).body as DriverPaymentMethod;
    expect(ofSubUser).toMatchObject({ driverId: subUser, accountDriverId: driverId, card: { last4: '4242' } });

    const removed = await t.api('DELETE', `/web/drivers/${driverId}/payment-method`);
    expect(removed.body).toMatchObject({ paymentMethod: { card: null } });
    expect((await t.api('DELETE', `/web/drivers/${driverId}/payment-method`)).status).toBe(409);
    const audit = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, driverId));
    expect(audit.map((row) => [row.action, row.changes])).toEqual(
      expect.arrayContaining([
        ['driver_payments.card_update', { card: { before: null, after: 'Visa •••• 4242' } }],
        ['driver_payments.card_remove', { card: { before: 'Visa •••• 4242', after: null } }],
      ]),
    );
  });

  it('charges a priced session once, even when two charges run at once, with the provider’s fee; a refund gives part back', async () => {
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag] });
    await saveCard(driverId, '5555 5555 5555 4444');
    const sessionId = await chargeSession(await charger(), tag);
    const pending = await paymentOf(sessionId);
    expect(pending).toMatchObject({ status: 'pending', driverId, currency: 'USD', attempts: 0 });
    expect(pending!.amountMinor).toBeGreaterThanOrEqual(50);

    const [first, second] = await Promise.all([t.app.driverPayments.charge(sessionId), t.app.driverPayments.charge(sessionId)]);
    expect(first?.status).toBe('paid');
    expect(second?.providerPaymentId).toBe(first!.providerPaymentId);
    const paid = await paymentOf(sessionId);
    expect(paid).toMatchObject({ status: 'paid', attempts: 1, providerFeeMinor: stripeFee(pending!.amountMinor), lastError: null });
    expect(paid!.paidAt).not.toBeNull();
    // The provider holds one payment of the session, with its id in the metadata.
    const stripe = new Stripe(SANDBOX_SECRET_KEY, { host: '127.0.0.1', port: (await t.app.payouts.sandbox.address()).port, protocol: 'http' });
    const intent = await stripe.paymentIntents.retrieve(paid!.providerPaymentId!);
    expect(intent).toMatchObject({ status: 'succeeded', amount: pending!.amountMinor, metadata: { wattdesk_session: sessionId } });
    expect((await t.app.driverPayments.charge(sessionId))?.attempts).toBe(1);

    // The receipt: one mail, with the PDF, amount and place in the subject.
    const email = await emailOf(driverId);
    const receipt = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Your receipt'));
    expect(receipt.subject).toBe(`Your receipt: ${formatMoney(pending!.amountMinor, 'USD')} at Jack London Square`);
    expect(receipt.attachments).toHaveLength(1);
    expect(receipt.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(receipt.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    const actor = { userId: null, email: 'admin@example.com', userType: null, ip: '127.0.0.1' };
    const refunded = await t.app.driverPayments.refundPayment(actor, sessionId, 10, 'Idle fee waived');
    expect(refunded).toMatchObject({ status: 'paid', refunded: 10 });
    await expect(t.app.driverPayments.refundPayment(actor, sessionId, pending!.amountMinor, null)).rejects.toMatchObject({
      code: 'SESSION_PAYMENT_NOT_REFUNDABLE',
    });
    // The rest through the payouts refund action: the provider refunds it, and the ledger books it once.
    const body = { locationId: lot, sessionId, amount: pending!.amountMinor - 10, idempotencyKey: crypto.randomUUID(), reason: 'Charger fault' };
    const rest = await t.api('POST', '/web/payments/payouts/refunds', body);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body).toMatchObject({ refund: { sessionId, amount: pending!.amountMinor - 10, method: 'provider' } });
    // Sent again (a lost answer): nothing is left to refund, so the provider is not asked again and nothing more is booked.
    expect((await t.api('POST', '/web/payments/payouts/refunds', body)).status).toBe(400);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'refunded', refundedMinor: pending!.amountMinor });

    const history = (await t.api('GET', `/web/drivers/${driverId}/payments`)).body as { items: SessionPayment[]; total: number };
    expect(history).toMatchObject({ total: 1, items: [{ sessionId, status: 'refunded', locationName: 'Jack London Square' }] });
  });

  it('applies a success whose answer was lost when the provider’s signed event comes, once; a forged event is refused', async () => {
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag] });
    await saveCard(driverId, '4242 4242 4242 4242');
    const sessionId = await chargeSession(await charger(), tag);
    const pending = (await paymentOf(sessionId))!;
    // The charge reached Stripe but its answer never came back: Stripe has the PaymentIntent, we have a pending row.
    const [card] = await t.database.db.select().from(driverPaymentMethods).where(eq(driverPaymentMethods.driverId, driverId));
    const stripe = new Stripe(SANDBOX_SECRET_KEY, { host: '127.0.0.1', port: (await t.app.payouts.sandbox.address()).port, protocol: 'http' });
    const intent = await stripe.paymentIntents.create({
      amount: pending.amountMinor,
      currency: 'usd',
      customer: card!.providerCustomerId,
      payment_method: card!.providerPaymentMethodId!,
      confirm: true,
      off_session: true,
      metadata: { wattdesk_session: sessionId },
    });
    const payload = JSON.stringify({ id: `evt_${sessionId}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } });
    const deliver = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/web/payments/session-payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    // The sandbox, as Stripe, sends its own signed payment_intent.succeeded to the webhook: the payment is applied from it.
    await eventually(async () =>
      expect(await paymentOf(sessionId)).toMatchObject({
        status: 'paid',
        attempts: 1,
        providerPaymentId: intent.id,
        providerFeeMinor: stripeFee(pending.amountMinor),
      }),
    );
    const forged = await deliver('t=1,v1=00');
    expect(forged.statusCode).toBe(400);
    // The same success told again under another event id changes nothing; the same event twice is a duplicate.
    const first = await deliver(t.app.payouts.sandbox.signEvent(payload));
    expect(first.json()).toEqual({ received: true, duplicate: false, applied: false });
    const again = await deliver(t.app.payouts.sandbox.signEvent(payload));
    expect(again.json()).toEqual({ received: true, duplicate: true, applied: false });
    expect((await t.app.driverPayments.charge(sessionId))?.attempts).toBe(1);
  });

  it('a card that declines: retried on schedule, failed after three, refused at the charger and told by e-mail; a new card pays and lets it charge', async () => {
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag] });
    await saveCard(driverId, '4000 0000 0000 0341');
    const simulated = await charger();
    const sessionId = await chargeSession(simulated, tag);

    await t.app.driverPayments.chargeDue();
    const once = await paymentOf(sessionId);
    expect(once).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Your card was declined.' });
    expect(new Date(once!.nextAttemptAt!).getTime() - clock.now().getTime()).toBeGreaterThan(59 * 60_000);
    // Not due yet: nothing is tried.
    await t.app.driverPayments.chargeDue();
    expect((await paymentOf(sessionId))?.attempts).toBe(1);
    clock.advance(HOUR + 60_000);
    await t.app.driverPayments.chargeDue();
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(6 * HOUR + 60_000);
    await t.app.driverPayments.chargeDue();
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });
    expect((await t.api('GET', `/web/drivers/${driverId}/payment-method`)).body).toMatchObject({
      hasFailedPayment: true,
      card: { status: 'requires_update' },
    });

    const refused = await simulated.authorize(tag);
    expect(refused.idTagInfo.status).toBe('Blocked');
    // A sub-user charges on the same account: refused too, with the same reason in the charger log.
    const subTag = newTag();
    await makeDriver(t.database.db, lot, { role: 'sub-user', mainDriverId: driverId, tags: [subTag] });
    expect((await simulated.authorize(subTag)).idTagInfo.status).toBe('Blocked');
    await eventually(async () => {
      const log = await t.database.db
        .select({ summary: chargerEvents.summary })
        .from(chargerEvents)
        .where(and(eq(chargerEvents.chargerCode, simulated.chargerId), eq(chargerEvents.kind, 'authorization')));
      expect(log.filter((row) => row.summary.includes('payment failed: update the card on file'))).toHaveLength(2);
    });
    const email = await emailOf(driverId);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Your charging payment failed: update your card');
    expect(mail.text).toContain('chargers will refuse your account');
    const unpaid = (await t.api('GET', `/web/session-payments?locationId=${lot}`)).body as { items: SessionPayment[] };
    expect(unpaid.items.find((item) => item.sessionId === sessionId)).toMatchObject({ status: 'failed' });

    expect((await saveCard(driverId, '4242 4242 4242 4242')).status).toBe(200);
    await eventually(async () => expect(await paymentOf(sessionId)).toMatchObject({ status: 'paid', attempts: 4 }));
    expect((await simulated.authorize(tag)).idTagInfo.status).toBe('Accepted');
    expect((await simulated.authorize(subTag)).idTagInfo.status).toBe('Accepted');
  });

  it('without a card: the payment waits as a receivable (no retries) unless the location refuses such drivers at the charger', async () => {
    const tag = newTag();
    const driverId = await makeDriver(t.database.db, lot, { tags: [tag] });
    const simulated = await charger();
    const sessionId = await chargeSession(simulated, tag);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'pending', lastError: 'no card on file', nextAttemptAt: null });
    clock.advance(48 * HOUR);
    await t.app.driverPayments.chargeDue();
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'pending', attempts: 0 });

    expect((await t.api('GET', `/web/locations/payment-rule?locationId=${lot}`)).body).toEqual({ locationId: lot, unpaidSessionRule: 'receivable' });
    const set = await t.api('PUT', '/web/locations/payment-rule', { locationId: lot, unpaidSessionRule: 'refuse' });
    expect(set.body as LocationPaymentRule).toEqual({ locationId: lot, unpaidSessionRule: 'refuse' });
    expect((await simulated.authorize(tag)).idTagInfo.status).toBe('Blocked');
    const [audit] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'driver_payments.rule_update'));
    expect(audit).toMatchObject({ locationId: lot, changes: { unpaidSessionRule: { before: 'receivable', after: 'refuse' } } });

    // The card comes: the waiting payment is charged at once, and the charger lets the driver in.
    await saveCard(driverId, '4242 4242 4242 4242');
    await eventually(async () => expect(await paymentOf(sessionId)).toMatchObject({ status: 'paid', attempts: 1 }));
    expect((await simulated.authorize(tag)).idTagInfo.status).toBe('Accepted');
    await t.api('PUT', '/web/locations/payment-rule', { locationId: lot, unpaidSessionRule: 'receivable' });
  });
});
