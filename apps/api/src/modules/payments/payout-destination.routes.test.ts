import type { BankAccountSaved, BankAccountStatus, PaymentAccount, Transfer } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../test/fixtures.ts';
import { connectInSandbox, linkInSandbox, stripeOf } from '../../../test/payout-destination-helpers.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, systemEvents, userLocations } from '../../db/schema/index.ts';
import { recordPaidSession } from '../../../test/paid-session.ts';

/**
 * One destination for a host's money (issue 43): the bank account linked through Plaid is the connected Stripe
 * account's external account, made from Plaid's Stripe processor token; both sandboxes are driven through the
 * providers' SDKs, and Stripe's own answer (listExternalAccounts) is what the assertions read.
 */
describe('payout destination: Plaid bank account → connected Stripe account', () => {
  let t: TestApp;
  let admin: string;
  let reseller: string;
  let location: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, 'SuperAdmin')).access_token;
    reseller = (await loginAs(t.app, 'Reseller')).access_token;
    // The reseller's own locations: the role checks below are about reach-able locations, not LOCATION_FORBIDDEN.
    const reach = await t.database.db
      .select()
      .from(userLocations)
      .where(eq(userLocations.userId, await userIdOf(t.database.db, 'reseller@example.com')));
    [location, other] = reach.map((row) => row.locationId) as [string, string];
    expect(other).toBeDefined();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const bankOf = async (id: string) => json<BankAccountStatus>(await call('GET', `/web/payments/bank-account?locationId=${id}`)).account;
  const payoutBanks = async (account: string) => (await (await stripeOf(t.app)).accounts.listExternalAccounts(account)).data;
  const link = async (method: 'POST' | 'PUT', id: string, institutionId: string) => {
    const linked = await linkInSandbox(t.app, admin, id, institutionId);
    return call(method, '/web/payments/bank-account', { locationId: id, publicToken: linked.publicToken, accountId: linked.accounts[0]!.id });
  };
  let acct: string;

  it('attaches a bank account linked first to the Stripe account connected later, as its default for USD', async () => {
    expect((await link('POST', location, 'ins_109508')).statusCode).toBe(200);
    expect(await bankOf(location)).toMatchObject({ mask: '0000', payoutsFrom: null });

    const connected = await connectInSandbox(t.app, admin, location);
    expect(connected.statusCode).toBe(200);
    acct = json<PaymentAccount>(connected).accountId;
    expect(await bankOf(location)).toMatchObject({ payoutsFrom: acct });
    expect(await payoutBanks(acct)).toEqual([
      expect.objectContaining({
        object: 'bank_account',
        bank_name: 'First Platypus Bank',
        last4: '0000',
        default_for_currency: true,
        currency: 'usd',
      }),
    ]);
    const [entry] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'payouts.bank_account_attach'), eq(activityLogs.locationId, location)));
    expect(entry!.changes).toEqual({ payoutsFrom: { before: null, after: acct } });
  });

  it('makes a replacing bank account the destination and takes the former one off the Stripe account', async () => {
    const replaced = await link('PUT', location, 'ins_109509');
    expect(replaced.statusCode).toBe(200);
    const account = json<BankAccountSaved>(replaced).account;
    expect(account).toMatchObject({ institutionName: 'First Gingham Credit Union', payoutsFrom: acct });
    expect(await payoutBanks(acct)).toEqual([
      expect.objectContaining({ bank_name: 'First Gingham Credit Union', last4: account.mask, default_for_currency: true }),
    ]);
  });

  it('saves nothing when Plaid will not make a Stripe token: the former destination stays, with the reason', async () => {
    const refused = await link('PUT', location, 'ins_wattdesk_no_processor');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).msg).toEqual([
      'Unable to update your bank account',
      'This bank account cannot receive Stripe payouts. Choose another bank. (PRODUCTS_NOT_SUPPORTED)',
      `Nothing was saved: payouts of Stripe account ${acct} go where they went before`,
    ]);
    expect(await bankOf(location)).toMatchObject({ institutionName: 'First Gingham Credit Union', payoutsFrom: acct });
    expect((await payoutBanks(acct)).map((bank) => (bank.object === 'bank_account' ? bank.bank_name : bank.object))).toEqual([
      'First Gingham Credit Union',
    ]);
    const events = await t.database.db.select().from(systemEvents).where(eq(systemEvents.event, 'plaid.payout_destination_failed'));
    expect(events.at(-1)).toMatchObject({ source: 'provider', level: 'warning' });
  });

  it('on a location with a Stripe account, a first bank account that cannot be attached is not saved', async () => {
    expect((await connectInSandbox(t.app, admin, other)).statusCode).toBe(200);
    const refused = await link('POST', other, 'ins_wattdesk_no_processor');
    expect(refused.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(refused).msg[0]).toBe('Unable to Add Bank Account!!');
    expect(await bankOf(other)).toBeNull();
  });

  it('shows each payout with the bank account it was paid into, on which Stripe account', async () => {
    const share = await call('PUT', '/web/payments/payouts/revenue-share', {
      locationId: location,
      effectiveFrom: '2026-01-01T00:00:00Z',
      hostBps: 8000,
      resellerBps: 1000,
      platformBps: 1000,
    });
    expect(share.statusCode).toBe(200);
    await recordPaidSession(t.app, {
      sessionId: crypto.randomUUID(),
      locationId: location,
      currency: 'USD',
      total: 5000,
      pricedAt: new Date(),
    });
    const sent = await call('POST', '/web/payments/payouts/transfers', { locationId: location });
    expect(sent.statusCode).toBe(200);
    const mask = (await bankOf(location))!.mask;
    const history = json<{ items: Transfer[] }>(await call('GET', `/web/payments/payouts/transfers?locationId=${location}`));
    expect(history.items[0]).toMatchObject({ destination: acct, destinationBank: `First Gingham Credit Union ••••${mask}` });
  });

  it('refuses to remove the bank account Stripe pays into, saying what to do instead', async () => {
    const refused = await call('DELETE', `/web/payments/bank-account?locationId=${location}`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).msg).toEqual([
      'Unable to remove your bank account',
      `Payouts of Stripe account ${acct} are paid into this bank account. Replace it with another bank account, or disconnect Stripe first`,
    ]);
    expect(await bankOf(location)).not.toBeNull();
  });

  it("a Reseller cannot replace or disconnect a host's Stripe account, nor touch its bank account", async () => {
    const disconnect = await call('DELETE', `/web/payments/connect?locationId=${location}`, undefined, reseller);
    expect(disconnect.statusCode).toBe(403);
    const replace = await connectInSandbox(t.app, reseller, location);
    expect(replace.statusCode).toBe(403);
    expect(json(replace).msg).toEqual([
      'Unable to connect Stripe',
      "This location's payouts already go to a Stripe account. Only the host's side can replace it",
    ]);
    for (const method of ['PUT', 'DELETE'] as const) {
      const url = method === 'DELETE' ? `/web/payments/bank-account?locationId=${location}` : '/web/payments/bank-account';
      const answer = await call(method, url, method === 'PUT' ? { locationId: location, publicToken: 'public-sandbox-x' } : undefined, reseller);
      expect(answer.statusCode).toBe(403);
    }
    expect(json<{ account: PaymentAccount }>(await call('GET', `/web/payments/connect?locationId=${location}`)).account.accountId).toBe(acct);
    expect(await bankOf(location)).toMatchObject({ payoutsFrom: acct });
  });

  it('disconnecting Stripe leaves the bank account without a payout source, and then it can be removed', async () => {
    expect((await call('DELETE', `/web/payments/connect?locationId=${location}`)).statusCode).toBe(200);
    expect(await bankOf(location)).toMatchObject({ payoutsFrom: null });
    expect((await call('DELETE', `/web/payments/bank-account?locationId=${location}`)).statusCode).toBe(200);
    expect(await bankOf(location)).toBeNull();
  });
});
