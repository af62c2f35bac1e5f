import { startStripeOAuthServer, type StripeOAuthServer } from '@wattdesk/test-support';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/clock.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, locationPaymentAccounts, systemEvents, userLocations, users } from '../../db/schema/index.ts';

const locationsOf = async (t: TestApp, email: string) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return (await t.database.db.select().from(userLocations).where(eq(userLocations.userId, user!.id))).map((link) => link.locationId);
};

describe('Stripe Connect with keys: the SDK against a local server speaking Stripe OAuth', () => {
  let t: TestApp;
  let stripe: StripeOAuthServer;
  let token: string;
  let resellerToken: string;
  let locations: string[];
  const clock = manualClock();

  beforeAll(async () => {
    stripe = await startStripeOAuthServer();
    t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_wattdesk123', STRIPE_CLIENT_ID: 'ca_wattdesk123', STRIPE_API_URL: stripe.url },
      now: clock.now,
    });
    token = (await loginAs(t.app, 'PortfolioManager')).access_token;
    resellerToken = (await loginAs(t.app, 'Reseller')).access_token;
    locations = await locationsOf(t, 'portfoliomanager@example.com');
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const start = async (locationId: string, as = token) => {
    const response = await t.app.inject(authed(as, { method: 'POST', url: '/web/payments/connect/authorize', payload: { locationId } }));
    expect(response.statusCode).toBe(200);
    return new URL(json<{ url: string }>(response).url);
  };
  const connect = (state: string, code: string, as = token) =>
    t.app.inject(authed(as, { method: 'POST', url: '/web/payments/connect', payload: { state, code } }));
  const tokenCalls = () => stripe.requests.filter((request) => request.path === '/oauth/token').length;

  it("answers Stripe's authorization URL with a state bound to user and location", async () => {
    const url = await start(locations[0]!);
    expect(url.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'ca_wattdesk123',
      response_type: 'code',
      scope: 'read_write',
      redirect_uri: 'http://wattdesk.test/stripe/connected',
      state: expect.any(String),
    });
  });

  it('exchanges the code through the SDK and stores the connected account on the location', async () => {
    const state = (await start(locations[0]!)).searchParams.get('state')!;
    const response = await connect(state, 'ac_first');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      locationId: locations[0],
      accountId: 'acct_1TestConnected',
      livemode: false,
      sandbox: false,
      connectedByEmail: 'portfoliomanager@example.com',
    });
    expect(stripe.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/oauth/token',
      authorization: 'Bearer sk_test_wattdesk123',
      contentType: 'application/x-www-form-urlencoded',
      params: { grant_type: 'authorization_code', code: 'ac_first' },
    });
    const status = await t.app.inject(authed(token, { method: 'GET', url: `/web/payments/connect?locationId=${locations[0]}` }));
    expect(json(status)).toMatchObject({ sandbox: false, account: { accountId: 'acct_1TestConnected', connectedAt: clock.now().toISOString() } });
    const [activity] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'payments.stripe_connect'), eq(activityLogs.locationId, locations[0]!)));
    expect(activity?.changes).toEqual({ stripeAccountId: { before: null, after: 'acct_1TestConnected' } });
  });

  it('is idempotent: the same code again, or twice at once, connects once', async () => {
    const state = (await start(locations[0]!)).searchParams.get('state')!;
    const calls = tokenCalls();
    const again = await connect(state, 'ac_first');
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ accountId: 'acct_1TestConnected' });
    expect(tokenCalls()).toBe(calls);

    stripe.accountId = 'acct_1Concurrent';
    const fresh = (await start(locations[1]!)).searchParams.get('state')!;
    const both = await Promise.all([connect(fresh, 'ac_double'), connect(fresh, 'ac_double')]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(both.map((response) => json(response).accountId)).toEqual(['acct_1Concurrent', 'acct_1Concurrent']);
    expect(tokenCalls()).toBe(calls + 1);
    const rows = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'payments.stripe_connect'), eq(activityLogs.locationId, locations[1]!)));
    expect(rows).toHaveLength(1);
  });

  it("answers 'Unable to connect Stripe' with Stripe's reason on invalid_grant, storing nothing", async () => {
    stripe.behaviour = 'invalid_grant';
    const state = (await start(locations[2]!)).searchParams.get('state')!;
    const response = await connect(state, 'ac_spent');
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(['Unable to connect Stripe', 'Authorization code does not exist: ac_spent']);
    expect(await t.database.db.select().from(locationPaymentAccounts).where(eq(locationPaymentAccounts.locationId, locations[2]!))).toEqual([]);
    const events = await t.database.db.select().from(systemEvents).where(eq(systemEvents.event, 'stripe.connect_failed'));
    expect(events.at(-1)).toMatchObject({ level: 'warning', source: 'provider', message: 'Stripe: Authorization code does not exist: ac_spent' });
  });

  it('answers a network failure as unavailable, and the same code may be tried again', async () => {
    stripe.behaviour = 'hang-up';
    const state = (await start(locations[2]!)).searchParams.get('state')!;
    const failed = await connect(state, 'ac_retry');
    expect(failed.statusCode).toBe(502);
    expect(json(failed).msg).toEqual(['Unable to connect Stripe', 'Stripe could not be reached. Try again later']);
    const events = await t.database.db.select().from(systemEvents).where(eq(systemEvents.event, 'stripe.connect_failed'));
    expect(events.at(-1)).toMatchObject({ level: 'error', source: 'provider', details: { kind: 'unreachable', locationId: locations[2] } });
    stripe.behaviour = 'success';
    stripe.accountId = 'acct_1AfterRetry';
    expect(json(await connect(state, 'ac_retry'))).toMatchObject({ accountId: 'acct_1AfterRetry' });
  });

  it('refuses a tampered, foreign or expired state without calling Stripe', async () => {
    const state = (await start(locations[3]!)).searchParams.get('state')!;
    const [body, signature] = state.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...payload, l: locations[4] })).toString('base64url')}.${signature}`;
    const foreign = (await start((await locationsOf(t, 'reseller@example.com'))[0]!, resellerToken)).searchParams.get('state')!;
    const calls = tokenCalls();
    for (const bad of [forged, `${state}x`, 'not-a-state', foreign]) {
      const response = await connect(bad, 'ac_never');
      expect(response.statusCode).toBe(400);
      expect(json<{ msg: string[] }>(response).msg[0]).toBe('Unable to connect Stripe');
    }
    clock.advance(15 * 60_000 + 1);
    const expired = await connect(state, 'ac_never');
    expect(expired.statusCode).toBe(400);
    expect(json(expired).msg).toEqual([
      'Unable to connect Stripe',
      'This authorization has expired or was not started by you. Start again from Payouts Account',
    ]);
    expect(tokenCalls()).toBe(calls);
  });

  it('lets only Bank_Connect holders start, within their reach, and validates the payload', async () => {
    const admin = (await loginAs(t.app, 'Admin')).access_token;
    expect(
      (await t.app.inject(authed(admin, { method: 'POST', url: '/web/payments/connect/authorize', payload: { locationId: locations[0] } })))
        .statusCode,
    ).toBe(403);
    const outside = (await locationsOf(t, 'reseller@example.com'))[0]!;
    expect(
      (await t.app.inject(authed(token, { method: 'POST', url: '/web/payments/connect/authorize', payload: { locationId: outside } }))).statusCode,
    ).toBe(403);
    const missing = await t.app.inject(authed(token, { method: 'POST', url: '/web/payments/connect', payload: { state: 's' } }));
    expect(json(missing).msg).toEqual(['Code Field is required']);
  });

  it('disconnects through oauth.deauthorize and forgets the account', async () => {
    const response = await t.app.inject(authed(token, { method: 'DELETE', url: `/web/payments/connect?locationId=${locations[0]}` }));
    expect(response.statusCode).toBe(200);
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/oauth/deauthorize',
      authorization: 'Bearer sk_test_wattdesk123',
      params: { client_id: 'ca_wattdesk123', stripe_user_id: 'acct_1TestConnected' },
    });
    const status = await t.app.inject(authed(token, { method: 'GET', url: `/web/payments/connect?locationId=${locations[0]}` }));
    expect(json(status)).toEqual({ account: null, sandbox: false });
    expect((await t.app.inject(authed(token, { method: 'DELETE', url: `/web/payments/connect?locationId=${locations[0]}` }))).statusCode).toBe(404);
  });
});

describe('Stripe Connect sandbox: no keys configured', () => {
  let t: TestApp;
  let token: string;
  let locationId: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await loginAs(t.app, 'SuperAdmin')).access_token;
    locationId = (await locationsOf(t, 'admin@example.com'))[0]!;
  });
  afterAll(() => t.close());

  const startUrl = async () =>
    new URL(
      json<{ url: string; sandbox: boolean }>(
        await t.app.inject(authed(token, { method: 'POST', url: '/web/payments/connect/authorize', payload: { locationId } })),
      ).url,
    );
  const decide = (url: URL, decision: 'approve' | 'deny', overrides: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/web/payments/sandbox/oauth/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: url.searchParams.get('client_id')!,
        state: url.searchParams.get('state')!,
        redirect_uri: url.searchParams.get('redirect_uri')!,
        decision,
        ...overrides,
      }).toString(),
    });

  it("serves a clearly labelled authorization page on our origin under the page's CSP", async () => {
    const url = await startUrl();
    expect(url.origin + url.pathname).toBe('http://wattdesk.test/web/payments/sandbox/oauth/authorize');
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('LOCAL SANDBOX');
    expect(page.body).toContain('Authorize access');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('approves with a code the SDK redeems at the sandbox, once', async () => {
    const url = await startUrl();
    const approved = await decide(url, 'approve');
    expect(approved.statusCode).toBe(303);
    const back = new URL(approved.headers.location!);
    expect(back.origin + back.pathname).toBe('http://wattdesk.test/stripe/connected');
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const payload = { state: back.searchParams.get('state')!, code: back.searchParams.get('code')! };
    const first = await t.app.inject(authed(token, { method: 'POST', url: '/web/payments/connect', payload }));
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({ locationId, sandbox: true, livemode: false, accountId: expect.stringMatching(/^acct_sbx/) });
    const second = await t.app.inject(authed(token, { method: 'POST', url: '/web/payments/connect', payload }));
    expect(json(second)).toEqual(json(first));

    const forged = await t.app.inject(authed(token, { method: 'POST', url: '/web/payments/connect', payload: { ...payload, code: 'ac_made_up' } }));
    expect(forged.statusCode).toBe(400);
    expect(json(forged).msg).toEqual(['Unable to connect Stripe', 'Authorization code does not exist: ac_made_up']);

    const disconnected = await t.app.inject(authed(token, { method: 'DELETE', url: `/web/payments/connect?locationId=${locationId}` }));
    expect(disconnected.statusCode).toBe(200);
  });

  it('denies with access_denied, and redirects nowhere but our own callback', async () => {
    const url = await startUrl();
    const denied = new URL((await decide(url, 'deny')).headers.location!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
    const elsewhere = await decide(url, 'approve', { redirect_uri: 'https://evil.example/steal' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.headers.location).toBeUndefined();
  });
});
