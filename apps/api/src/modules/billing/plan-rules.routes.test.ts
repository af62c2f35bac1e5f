import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SubscriptionOverview } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { chargers, locations } from '../../db/schema/index.ts';

const key = () => randomUUID().replaceAll('-', '');

/** A catalogue of two plans priced from the shipped sandbox prices: Small holds five chargers and no feature. */
const catalogueFile = () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'wattdesk-plans-')), 'plans.json');
  writeFileSync(
    file,
    JSON.stringify({
      withoutSubscription: { maxChargers: null, features: ['firmware_campaigns', 'dynamic_power'] },
      plans: [
        {
          key: 'small',
          name: 'Small',
          includes: { maxChargers: 5, features: [] },
          lookupKeys: { USD: 'wattdesk_basic_usd_month', EUR: 'wattdesk_basic_eur_month' },
        },
        {
          key: 'large',
          name: 'Large',
          includes: { maxChargers: null, features: ['firmware_campaigns', 'dynamic_power'] },
          lookupKeys: { USD: 'wattdesk_pro_usd_month', EUR: 'wattdesk_pro_eur_month' },
        },
      ],
    }),
  );
  return file;
};

describe('plans from configuration: prices from Stripe (the sandbox) in the location currency, what a plan includes enforced', () => {
  let t: TestApp;
  let superAdmin: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { BILLING_PLANS_FILE: catalogueFile() } });
    // SuperAdmin reaches every location and holds both Subscription_Update and Firmware_Update.
    superAdmin = (await loginAs(t.app, 'SuperAdmin')).access_token;
    ids = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject(authed(superAdmin, { method, url, ...(payload ? { payload } : {}) }));

  const startCampaign = (locationId: string) => call('POST', '/web/firmware/campaigns', { locationId, imageId: randomUUID() });
  const saveCard = async (locationId: string) => {
    const started = json<{ url: string }>(await call('POST', '/web/payments/payment-details/setup', { locationId }));
    const page = new URL(started.url).pathname;
    await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
    });
    expect((await call('POST', '/web/payments/payment-details', { locationId, sessionId: page.split('/').pop() })).statusCode).toBe(200);
  };
  const addCharger = (locationId: string) => {
    const chargerId = `WD-P-${randomUUID().slice(0, 8).toUpperCase()}`;
    return call('POST', '/web/chargers', { locationId, chargerId, name: `Plan ${chargerId}`, kind: 'smart' });
  };

  it("an EUR location sees each plan's price from Stripe in EUR, and is billed in EUR", async () => {
    const locationId = ids['oak-lake-merritt']!;
    await t.database.db.update(locations).set({ currency: 'EUR' }).where(eq(locations.id, locationId));
    const overview = json<SubscriptionOverview>(await call('GET', `/web/payments/subscription?locationId=${locationId}`));
    expect(overview.plans).toEqual([
      expect.objectContaining({
        id: 'small',
        includes: { maxChargers: 5, features: [] },
        price: { lookupKey: 'wattdesk_basic_eur_month', unitAmount: 1400, currency: 'EUR', interval: 'month' },
      }),
      expect.objectContaining({ id: 'large', price: expect.objectContaining({ unitAmount: 3700, currency: 'EUR' }) }),
    ]);
    // Another location, still in dollars, sees the same plans' USD prices.
    const usd = json<SubscriptionOverview>(await call('GET', `/web/payments/subscription?locationId=${ids['sf-mission-bay']}`));
    expect(usd.plans[0]!.price).toMatchObject({ unitAmount: 1500, currency: 'USD' });

    await saveCard(locationId);
    const activated = await call('POST', '/web/payments/subscription', { locationId, planId: 'small', idempotencyKey: key() });
    expect(activated.statusCode).toBe(200);
    expect(json(activated)).toMatchObject({
      subscription: { planId: 'small', planName: 'Small', unitAmount: 1400, currency: 'EUR', quantity: 5, amount: 7000 },
    });
  });

  it("refuses a charger beyond the plan's count, and what the plan lacks; a larger plan allows both", async () => {
    const locationId = ids['oak-lake-merritt']!;
    expect(json(await call('GET', `/web/payments/plan-includes?locationId=${locationId}`))).toEqual({
      locationId,
      planName: 'Small',
      includes: { maxChargers: 5, features: [] },
    });
    const refused = await addCharger(locationId);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      responseCode: 403,
      msg: ['The Small plan includes up to 5 chargers; this location has 5 chargers', 'Change the plan under Subscription to add more chargers'],
    });
    const campaign = await startCampaign(locationId);
    expect(campaign.statusCode).toBe(403);
    expect(json(campaign)).toMatchObject({
      msg: ['Firmware campaigns: not included in the Small plan', 'Change the plan under Subscription to use it'],
    });

    const changed = await call('PUT', '/web/payments/subscription', { locationId, planId: 'large', idempotencyKey: key() });
    expect(json(changed)).toMatchObject({ subscription: { planId: 'large', unitAmount: 3700, currency: 'EUR' } });
    expect((await addCharger(locationId)).statusCode).toBe(201);
    // Past the plan's feature check, the campaign meets its own rules (this image does not exist).
    expect(json(await startCampaign(locationId))).toMatchObject({ code: 'FIRMWARE_NOT_FOUND' });
  });

  it('a location without a subscription follows the catalogue, a plan smaller than the location and an unknown plan are refused', async () => {
    expect((await addCharger(ids['sj-santana-row']!)).statusCode).toBe(201);
    const locationId = ids['sj-diridon']!;
    await saveCard(locationId);
    await t.database.db
      .insert(chargers)
      .values({ locationId, chargerId: `WD-X-${key().slice(0, 8)}`, name: 'Sixth', thingName: 'sixth', kind: 'smart' });
    const tooSmall = await call('POST', '/web/payments/subscription', { locationId, planId: 'small', idempotencyKey: key() });
    expect(tooSmall.statusCode).toBe(409);
    expect(json(tooSmall)).toMatchObject({ msg: ['The Small plan includes up to 5 chargers; this location has 6', 'Choose a larger plan'] });
    const unknown = await call('POST', '/web/payments/subscription', { locationId, planId: 'gold', idempotencyKey: key() });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({ msg: ['Choose one of the plans'] });
  });
});
