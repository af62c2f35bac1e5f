import type { Transfer } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestDatabase, json, loginAs, testConfig } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { activityLogs, locationPaymentAccounts, paymentSandboxObjects, payoutTransfers, providerEvents } from '../../db/schema/index.ts';
import { recordPaidSession } from '../../../test/paid-session.ts';

describe('Stripe sandbox across a restart: its objects are stored, and a payout in transit lands by webhook', () => {
  const clock = manualClock(new Date('2026-11-10T12:00:00Z'));
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let admin: string;

  const build = async () => {
    const built = await buildApp({ config: testConfig(), database, logger: false, now: clock.now });
    await built.ready();
    return built;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    app = await build();
    admin = (await loginAs(app, 'SuperAdmin')).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject(authed(admin, { method, url, ...(payload ? { payload } : {}) }));
  const transferRow = async (id: string) => (await database.db.select().from(payoutTransfers).where(eq(payoutTransfers.id, id)))[0]!;
  const stored = async () =>
    (await database.db.select().from(paymentSandboxObjects).where(eq(paymentSandboxObjects.provider, 'stripe'))).map((row) => row.kind);

  it('a card typed before the restart is saved after it; the payout sent before it is paid by payout.paid after it', async () => {
    const ids = await demoLocationIds(database.db);
    const payoutsAt = ids['oak-lake-merritt']!;
    const billedAt = ids['sf-embarcadero']!;
    await database.db
      .insert(locationPaymentAccounts)
      .values({ locationId: payoutsAt, accountId: 'acct_sbxrestart', livemode: false, sandbox: true, connectedAt: clock.now() });
    const share = { locationId: payoutsAt, effectiveFrom: '2026-01-01T00:00:00Z', hostBps: 8000, resellerBps: 0, platformBps: 2000 };
    expect((await call('PUT', '/web/payments/payouts/revenue-share', share)).statusCode).toBe(200);
    await recordPaidSession(app, {
      sessionId: crypto.randomUUID(),
      locationId: payoutsAt,
      currency: 'USD',
      total: 10_000,
      pricedAt: clock.now(),
    });
    const sent = await call('POST', '/web/payments/payouts/transfers', { locationId: payoutsAt });
    expect(sent.statusCode, sent.body).toBe(200);
    const { transfer } = json<{ transfer: Transfer }>(sent);
    expect(transfer).toMatchObject({ status: 'in_transit', amount: 8000 });

    // The customer, its Checkout session, SetupIntent and card: made through the SDK and the sandbox's card page.
    const started = await call('POST', '/web/payments/payment-details/setup', { locationId: billedAt });
    expect(started.statusCode, started.body).toBe(200);
    const page = new URL(json<{ url: string }>(started).url).pathname;
    const typed = await app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }).toString(),
    });
    expect(typed.statusCode).toBe(303);
    expect(await stored()).toEqual(
      expect.arrayContaining(['customer', 'checkout_session', 'setup_intent', 'payment_method', 'transfer', 'payout', 'event']),
    );

    // The product stops before the payout lands (a minute in transit), and starts again after it should have.
    await app.close();
    clock.advance(61_000);
    app = await build();

    const saved = await call('POST', '/web/payments/payment-details', { locationId: billedAt, sessionId: page.split('/').pop() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toMatchObject({ card: { brand: 'Visa', last4: '4242' } });

    await vi.waitFor(async () => expect(await transferRow(transfer.id)).toMatchObject({ status: 'paid', paidAt: clock.now() }), {
      timeout: 10_000,
      interval: 100,
    });
    const [event] = await database.db.select().from(providerEvents).where(eq(providerEvents.type, 'payout.paid'));
    expect(event?.eventId).toMatch(/^evt_sbx/);
    const settled = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, transfer.id), eq(activityLogs.action, 'payouts.transfer_settled')));
    expect(settled).toHaveLength(1);
    expect(settled[0]!.actorEmail).toBe('stripe webhook');
    await vi.waitFor(() => expect(app.payouts.sandbox.undelivered()).toEqual([]), { timeout: 5_000, interval: 50 });
    const [payout] = await database.db
      .select()
      .from(paymentSandboxObjects)
      .where(and(eq(paymentSandboxObjects.provider, 'stripe'), eq(paymentSandboxObjects.objectId, transfer.providerPayoutId!)));
    expect(payout?.body).toMatchObject({ payout: { status: 'paid' } });
  });
});
