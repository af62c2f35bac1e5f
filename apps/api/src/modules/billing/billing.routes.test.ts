import { randomUUID } from 'node:crypto';
import { AppError } from '@wattdesk/shared';
import Stripe from 'stripe';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, locations, systemEvents } from '../../db/schema/index.ts';
import { createBillingService } from './billing.service.ts';
import { createPlanCatalogue } from './plan-catalogue.ts';

const key = () => randomUUID().replaceAll('-', '');

describe('Subscription and card on file through the Stripe SDK and the built-in sandbox', () => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, 'Admin')).access_token;
    ids = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject(authed(admin, { method, url, ...(payload ? { payload } : {}) }));

  /** What a browser does: start the card update, type the card on the sandbox's card page, come back. */
  const typeCard = async (locationId: string, number: string) => {
    const started = await call('POST', '/web/payments/payment-details/setup', { locationId });
    expect(started.statusCode).toBe(200);
    const page = new URL(json<{ url: string }>(started).url);
    expect(page.pathname).toMatch(/^\/web\/payments\/sandbox\/checkout\/cs_test_/);
    const form = await t.app.inject({ method: 'GET', url: page.pathname });
    expect(form.body).toContain('LOCAL SANDBOX');
    const posted = await t.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number, expiry: '12 / 34', cvc: number.startsWith('37') ? '1234' : '123' }).toString(),
    });
    return { sessionId: page.pathname.split('/').pop()!, posted };
  };
  const saveCard = async (locationId: string, number: string) => {
    const { sessionId, posted } = await typeCard(locationId, number);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`http://wattdesk.test/dashboard/profile/payment-info?setup_session=${sessionId}`);
    return call('POST', '/web/payments/payment-details', { locationId, sessionId });
  };

  it('saves the card typed on the provider page: brand, last four and expiry only, audited, the same page twice saves once', async () => {
    const locationId = ids['sf-embarcadero']!;
    const { sessionId, posted } = await typeCard(locationId, '3782 822463 10005');
    expect(posted.statusCode).toBe(303);
    const saved = await call('POST', '/web/payments/payment-details', { locationId, sessionId });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({
      msg: ['payment, fee and violation information updated'],
      card: { brand: 'American Express', last4: '0005', expMonth: 12, expYear: 2034, updatedByEmail: 'admin@example.com' },
    });
    const again = await call('POST', '/web/payments/payment-details', { locationId, sessionId });
    expect(json(again)).toMatchObject({ card: { brand: 'American Express', last4: '0005' } });
    const details = await call('GET', `/web/payments/payment-details?locationId=${locationId}`);
    expect(json(details)).toMatchObject({ sandbox: true, card: { brand: 'American Express', last4: '0005' } });
    const audit = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'billing.payment_info_update'), eq(activityLogs.locationId, locationId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).toEqual({ card: { before: null, after: 'American Express •••• 0005' } });
  });

  it("refuses what the card page refused: a declined card, a real card number, an unfinished page ('Unable to update payment information')", async () => {
    const locationId = ids['sf-mission-bay']!;
    const declined = await typeCard(locationId, '4000 0000 0000 0002');
    expect(declined.posted.statusCode).toBe(402);
    expect(declined.posted.body).toContain('Your card was declined.');
    const realCard = await typeCard(locationId, '4012 8888 8888 1881');
    expect(realCard.posted.body).toContain('used a non test card');
    const unfinished = await call('POST', '/web/payments/payment-details', { locationId, sessionId: declined.sessionId });
    expect(unfinished.statusCode).toBe(402);
    expect(json(unfinished)).toMatchObject({ msg: ['Unable to update payment information', 'The card was not saved on the card page'] });
    const otherLocations = await call('POST', '/web/payments/payment-details', { locationId: ids['sf-embarcadero'], sessionId: declined.sessionId });
    expect(json(otherLocations)).toMatchObject({ msg: ['Unable to update payment information', 'This card page belongs to another location'] });
  });

  it('activates a plan billed per charger; the location state shows it; a retry with the same key activates once', async () => {
    const locationId = ids['sf-embarcadero']!;
    const idempotencyKey = key();
    const [activated, retried] = [
      await call('POST', '/web/payments/subscription', { locationId, planId: 'standard', idempotencyKey }),
      await call('POST', '/web/payments/subscription', { locationId, planId: 'standard', idempotencyKey }),
    ];
    expect(activated.statusCode).toBe(200);
    const { chargerCount } = (
      await t.database.db.select({ chargerCount: locations.chargerCount }).from(locations).where(eq(locations.id, locationId))
    )[0]!;
    const body = json<{ msg: string[]; subscription: { subscriptionId: string; currentPeriodEnd: string } }>(activated);
    expect(body).toMatchObject({
      msg: ['subscription activated'],
      subscription: { planId: 'standard', status: 'ACTIVE', quantity: chargerCount, unitAmount: 2500, amount: 2500 * chargerCount, currency: 'USD' },
    });
    expect(json(retried)).toMatchObject({ msg: ['subscription activated'], subscription: { subscriptionId: body.subscription.subscriptionId } });
    const state = json<{ subscription: unknown }>(await call('GET', `/web/locations/location-by-id?locationId=${locationId}`));
    expect(state.subscription).toEqual({ plan: 'Standard', status: 'ACTIVE', renewsOn: body.subscription.currentPeriodEnd.slice(0, 10) });
    const second = await call('POST', '/web/payments/subscription', { locationId, planId: 'pro', idempotencyKey: key() });
    expect(second.statusCode).toBe(409);
    const audit = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'billing.subscription_activate'), eq(activityLogs.locationId, locationId)));
    expect(audit).toHaveLength(1);

    const changed = await call('PUT', '/web/payments/subscription', { locationId, planId: 'pro', idempotencyKey: key() });
    expect(json(changed)).toMatchObject({ msg: ['subscription updated'], subscription: { planId: 'pro', amount: 4000 * chargerCount } });
    const cancelKey = key();
    const cancelled = await call('DELETE', `/web/payments/subscription?locationId=${locationId}&idempotencyKey=${cancelKey}`);
    expect(json(cancelled)).toMatchObject({ msg: ['subscription updated'], subscription: { status: 'INACTIVE' } });
    expect((await call('DELETE', `/web/payments/subscription?locationId=${locationId}&idempotencyKey=${cancelKey}`)).statusCode).toBe(200);
    const after = json<{ subscription: unknown }>(await call('GET', `/web/locations/location-by-id?locationId=${locationId}`));
    expect(after.subscription).toEqual({ plan: 'Pro', status: 'INACTIVE', renewsOn: null });
  });

  it("answers the provider's refusal with the spec's messages and frees the location: activation, then an upgrade", async () => {
    const locationId = ids['sf-civic-center']!;
    expect(json(await saveCard(locationId, '4000000000000341'))).toMatchObject({ card: { brand: 'Visa', last4: '0341' } });
    const refused = await call('POST', '/web/payments/subscription', { locationId, planId: 'basic', idempotencyKey: key() });
    expect(refused.statusCode).toBe(402);
    expect(json(refused)).toMatchObject({ msg: ['Subscription activation failed', 'Your card was declined.'] });
    expect(json(await call('GET', `/web/payments/subscription?locationId=${locationId}`))).toMatchObject({
      subscription: null,
      hasPaymentMethod: true,
    });
    const logged = await t.database.db.select().from(systemEvents).where(like(systemEvents.event, 'stripe.subscription_activate_failed'));
    expect(logged.length).toBeGreaterThan(0);

    await saveCard(locationId, '5555555555554444');
    expect((await call('POST', '/web/payments/subscription', { locationId, planId: 'basic', idempotencyKey: key() })).statusCode).toBe(200);
    await saveCard(locationId, '4000000000000341');
    const upgrade = await call('PUT', '/web/payments/subscription', { locationId, planId: 'pro', idempotencyKey: key() });
    expect(upgrade.statusCode).toBe(402);
    expect(json(upgrade)).toMatchObject({ msg: ['Unable to update subscription', 'Your card was declined.'] });
    expect(json(await call('GET', `/web/payments/subscription?locationId=${locationId}`))).toMatchObject({
      subscription: { planId: 'basic', status: 'ACTIVE' },
    });
  });

  it("answers an outage with the spec's message and the reason (the real SDK, Stripe unreachable), and logs it", async () => {
    const recorded: { event: string; level?: string }[] = [];
    const billing = createBillingService({
      db: t.database.db,
      // With keys, the SDK goes to Stripe; here to a closed local port.
      gateway: {
        isSandbox: false,
        sdk: async () => new Stripe('sk_test_unreachable', { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0 }),
      },
      catalogue: createPlanCatalogue(t.config.billing.catalogue),
      publicUrl: 'http://wattdesk.test',
      systemEvents: { record: async (event) => void recorded.push(event) },
      now: () => new Date(),
    });
    const failure = await billing.paymentDetails.startSetup(ids['oak-uptown']!).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      status: 502,
      messages: ['Unable to update payment information', 'Stripe could not be reached. Try again later'],
    });
    expect(recorded).toEqual([expect.objectContaining({ event: 'stripe.payment_info_failed', level: 'error' })]);
  });
});
