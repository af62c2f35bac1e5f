import type { BankAccountSaved, BankAccountStatus, BankLinkToken, SandboxLinkAnswer } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, locationBankAccounts, systemEvents, userLocations, users } from '../../db/schema/index.ts';

const locationsOf = async (t: TestApp, email: string) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return (await t.database.db.select().from(userLocations).where(eq(userLocations.userId, user!.id))).map((link) => link.locationId);
};

describe('bank account through Plaid: the SDK against the local Plaid sandbox', () => {
  let t: TestApp;
  let manager: string;
  let mine: string[];
  let outside: string;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await loginAs(t.app, 'PortfolioManager')).access_token;
    mine = await locationsOf(t, 'portfoliomanager@example.com');
    outside = Object.values(await demoLocationIds(t.database.db)).find((id) => !mine.includes(id))!;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = manager) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  /** What the browser does: a link token, then the sandbox Link's sign-in, which yields Link's onSuccess values. */
  const linkIn = async (locationId: string, institutionId = 'ins_109508') => {
    const token = json<BankLinkToken>(await call('POST', '/web/payments/bank-account/link-token', { locationId }));
    expect(token).toMatchObject({ linkToken: expect.stringMatching(/^link-sandbox-/), sandbox: true });
    const signedIn = await call('POST', '/web/payments/plaid-sandbox/link', {
      linkToken: token.linkToken,
      institutionId,
      username: 'user_good',
      password: 'pass_good',
    });
    expect(signedIn.statusCode).toBe(200);
    return json<SandboxLinkAnswer>(signedIn);
  };
  const statusOf = async (locationId: string, token = manager) =>
    json<BankAccountStatus>(await call('GET', `/web/payments/bank-account?locationId=${locationId}`, undefined, token));
  const audit = (locationId: string, action: string) =>
    t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, action), eq(activityLogs.locationId, locationId)));

  it('saves the account Link chose: bank name, last four and type only, the access token sealed, with an audit row', async () => {
    const location = mine[0]!;
    expect(await statusOf(location)).toEqual({ account: null, sandbox: true });
    const link = await linkIn(location);
    const savings = link.accounts.find((entry) => entry.subtype === 'savings')!;
    const saved = await call('POST', '/web/payments/bank-account', { locationId: location, publicToken: link.publicToken, accountId: savings.id });
    expect(saved.statusCode).toBe(200);
    expect(json<BankAccountSaved>(saved)).toMatchObject({
      msg: ['bank account saved'],
      account: {
        institutionName: 'First Platypus Bank',
        accountName: 'Plaid Saving',
        mask: '1111',
        accountType: 'depository',
        accountSubtype: 'savings',
      },
    });
    expect((await statusOf(location)).account).toMatchObject({ mask: '1111', linkedByEmail: 'portfoliomanager@example.com' });
    const [row] = await t.database.db.select().from(locationBankAccounts).where(eq(locationBankAccounts.locationId, location));
    expect(row!.accessTokenSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/access-sandbox|1111222233/);
    const [entry] = await audit(location, 'payouts.bank_account_save');
    expect(entry!.changes).toEqual({ bankAccount: { before: null, after: 'First Platypus Bank savings ••••1111' } });
  });

  it('refuses a second save, and a public token used twice, with the spec message and the reason', async () => {
    const location = mine[0]!;
    const link = await linkIn(location);
    const again = await call('POST', '/web/payments/bank-account', { locationId: location, publicToken: link.publicToken });
    expect(again.statusCode).toBe(409);
    expect(json(again).msg).toEqual(['Unable to save your bank account', 'This location already has a bank account. Update it instead']);
    const updated = await call('PUT', '/web/payments/bank-account', { locationId: location, publicToken: link.publicToken });
    expect(json(updated).msg).toEqual(['bank account updated']);
    const reused = await call('PUT', '/web/payments/bank-account', { locationId: location, publicToken: link.publicToken });
    expect(reused.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(reused).msg[0]).toBe('Unable to update your bank account');
    expect(json<{ msg: string[] }>(reused).msg[1]).toMatch(/public token is expired.*\(INVALID_PUBLIC_TOKEN\)/);
    expect((await statusOf(location)).account).toMatchObject({ accountName: 'Plaid Checking', mask: '0000' });
    const [entry] = await audit(location, 'payouts.bank_account_update');
    expect(entry!.changes).toEqual({
      bankAccount: { before: 'First Platypus Bank savings ••••1111', after: 'First Platypus Bank checking ••••0000' },
    });
  });

  it("answers 'Unable to Add Bank Account!!' with Plaid's reason when the sandbox refuses the exchange, and keeps nothing", async () => {
    const location = mine[1]!;
    const link = await linkIn(location, 'ins_wattdesk_refuses');
    const refused = await call('POST', '/web/payments/bank-account', { locationId: location, publicToken: link.publicToken });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).msg).toEqual([
      'Unable to Add Bank Account!!',
      'This financial institution is not currently supported. (INSTITUTION_NO_LONGER_SUPPORTED)',
    ]);
    expect((await statusOf(location)).account).toBeNull();
    const events = await t.database.db.select().from(systemEvents).where(eq(systemEvents.event, 'plaid.link_failed'));
    expect(events.at(-1)).toMatchObject({ source: 'provider', level: 'warning' });
  });

  it('refuses wrong sandbox credentials in Link and validates what the client sends', async () => {
    const token = json<BankLinkToken>(await call('POST', '/web/payments/bank-account/link-token', { locationId: mine[1] }));
    const wrong = await call('POST', '/web/payments/plaid-sandbox/link', {
      linkToken: token.linkToken,
      institutionId: 'ins_109508',
      username: 'user_good',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(wrong).msg[0]).toMatch(/credentials were not correct/);
    for (const body of [{ locationId: mine[1] }, { locationId: 'x', publicToken: 'public-sandbox-1' }, { locationId: mine[1], publicToken: 'a b' }]) {
      const response = await call('POST', '/web/payments/bank-account', body);
      expect(response.statusCode).toBe(400);
    }
  });

  it('removes the account and the Item at Plaid; removing again is a 404', async () => {
    const location = mine[0]!;
    const removed = await call('DELETE', `/web/payments/bank-account?locationId=${location}`);
    expect(json(removed).msg).toEqual(['bank account removed']);
    expect((await statusOf(location)).account).toBeNull();
    expect(await audit(location, 'payouts.bank_account_remove')).toHaveLength(1);
    const again = await call('DELETE', `/web/payments/bank-account?locationId=${location}`);
    expect(again.statusCode).toBe(404);
    expect(json(again).msg).toEqual(['No bank account is linked to this location']);
  });

  it('keeps to the location scope and the role table: Reseller sees but cannot change, Admin sees no money', async () => {
    expect((await call('POST', '/web/payments/bank-account/link-token', { locationId: outside })).statusCode).toBe(403);
    expect((await call('GET', `/web/payments/bank-account?locationId=${outside}`)).statusCode).toBe(403);
    const reseller = await loginAs(t.app, 'Reseller');
    const location = reseller.locations[0] ?? (await locationsOf(t, 'reseller@example.com'))[0]!;
    expect((await statusOf(location, reseller.access_token)).sandbox).toBe(true);
    const refused = await call('POST', '/web/payments/bank-account/link-token', { locationId: location }, reseller.access_token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).msg).toEqual(['You do not have permission to do this']);
    const admin = (await loginAs(t.app, 'Admin')).access_token;
    expect((await call('GET', `/web/payments/bank-account?locationId=${mine[0]}`, undefined, admin)).statusCode).toBe(403);
  });
});

describe('bank account with Plaid keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PLAID_CLIENT_ID: 'client12345678', PLAID_SECRET: 'secret12345678', PLAID_API_URL: 'http://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it('has no sandbox Link and answers 502 with the spec message when Plaid cannot be reached', async () => {
    const { access_token: token, locations } = await loginAs(t.app, 'SuperAdmin');
    const locationId = locations[0] ?? Object.values(await demoLocationIds(t.database.db))[0]!;
    const sandboxLink = await t.app.inject(authed(token, { method: 'GET', url: '/web/payments/plaid-sandbox/institutions' }));
    expect(sandboxLink.statusCode).toBe(404);
    const response = await t.app.inject(authed(token, { method: 'POST', url: '/web/payments/bank-account/link-token', payload: { locationId } }));
    expect(response.statusCode).toBe(502);
    expect(json(response).msg).toEqual(['Unable to Add Bank Account!!', 'Plaid could not be reached. Try again later']);
  });
});
