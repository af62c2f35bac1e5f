import type { Transfer } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestDatabase, json, loginAs, testConfig } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { payoutTransfers, providerEvents, systemEvents } from '../../db/schema/index.ts';
import { httpTransport, SANDBOX_WEBHOOK_ENDPOINTS } from './sandbox-endpoints.ts';
import { createStripeSandbox, SANDBOX_CLIENT_ID, SANDBOX_SECRET_KEY, type StripeSandbox } from './stripe-sandbox.ts';
import { recordPaidSession } from '../../../test/paid-session.ts';

/**
 * The product with Stripe keys (the live code path: SDK, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET), pointed at the
 * sandbox running on its own, which posts its signed events to the product over HTTP as Stripe does.
 */
describe('live keys against the sandbox through STRIPE_API_URL: connect, transfer, payout paid by a signed webhook', () => {
  let database: DatabaseHandle;
  let sandbox: StripeSandbox;
  let sandboxUrl: string;
  let product: FastifyInstance;

  const start = async (webhookSecret: string) => {
    const config = testConfig({
      STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY,
      STRIPE_CLIENT_ID: SANDBOX_CLIENT_ID,
      STRIPE_API_URL: sandboxUrl,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    sandbox.connect(httpTransport(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`));
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    sandbox = createStripeSandbox({
      secret: 'the-standalone-sandbox-own-secret-0123456789',
      now: () => new Date(),
      endpoints: SANDBOX_WEBHOOK_ENDPOINTS,
      payoutDelayMs: 300,
      webhookRetryMs: 200,
      webhookMaxRetryMs: 1000,
    });
    const { host, port } = await sandbox.address();
    sandboxUrl = `http://${host}:${port}`;
  });
  afterAll(async () => {
    await product?.close();
    await sandbox.close();
    await database.close();
  });

  const transferRow = async (id: string) => (await database.db.select().from(payoutTransfers).where(eq(payoutTransfers.id, id)))[0]!;

  it('refuses the events while its signing secret is wrong, and receives the redelivery once it is right', async () => {
    // Started with another endpoint's secret: every delivery is refused by the SDK's signature check.
    product = await start('whsec_notthesandboxsecret0000000000000');
    const token = (await loginAs(product, 'SuperAdmin')).access_token;
    const call = (method: 'POST' | 'PUT', url: string, payload: object) => product.inject(authed(token, { method, url, payload }));
    const location = (await demoLocationIds(database.db))['oak-lake-merritt']!;

    const authorize = await call('POST', '/web/payments/connect/authorize', { locationId: location });
    expect(authorize.statusCode, authorize.body).toBe(200);
    const state = new URL(json<{ url: string }>(authorize).url).searchParams.get('state')!;
    // The host approves on Stripe's page; Stripe sends the browser back with a code the SDK redeems at STRIPE_API_URL.
    const connected = await call('POST', '/web/payments/connect', { state, code: sandbox.issueCode(SANDBOX_CLIENT_ID) });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(json(connected)).toMatchObject({ locationId: location, accountId: expect.stringMatching(/^acct_sbx/), sandbox: false });

    const share = { locationId: location, effectiveFrom: '2026-01-01T00:00:00Z', hostBps: 9000, resellerBps: 0, platformBps: 1000 };
    expect((await call('PUT', '/web/payments/payouts/revenue-share', share)).statusCode).toBe(200);
    await recordPaidSession(product, {
      sessionId: crypto.randomUUID(),
      locationId: location,
      currency: 'USD',
      total: 5_000,
      pricedAt: new Date(),
    });
    const sent = await call('POST', '/web/payments/payouts/transfers', { locationId: location });
    expect(sent.statusCode, sent.body).toBe(200);
    const { transfer } = json<{ transfer: Transfer }>(sent);
    expect(transfer).toMatchObject({ status: 'in_transit', amount: 4500, providerPayoutId: expect.stringMatching(/^po_sbx/) });
    expect(sandbox.created).toEqual({ transfers: 1, payouts: 1 });

    // The payout lands after its delay; payout.paid is posted, refused, and kept to be sent again.
    await vi.waitFor(
      () => expect(sandbox.undelivered()).toMatchObject([{ event: { type: 'payout.paid' }, lastError: 'The endpoint answered 400' }]),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
    const [owed] = sandbox.undelivered();
    expect(owed!.event.data.object).toMatchObject({ id: transfer.providerPayoutId, status: 'paid' });
    expect((await transferRow(transfer.id)).status).toBe('in_transit');
    const refusals = () =>
      database.db
        .select()
        .from(systemEvents)
        .where(and(eq(systemEvents.event, 'stripe.webhook_refused'), eq(systemEvents.source, 'provider')));
    await vi.waitFor(async () => expect((await refusals()).length).toBeGreaterThan(0));

    // The product restarts with the endpoint's real secret: Stripe's next retry is received and applied once.
    await product.close();
    product = await start(sandbox.webhookSecret);
    await vi.waitFor(async () => expect(await transferRow(transfer.id)).toMatchObject({ status: 'paid' }), { timeout: 10_000, interval: 50 });
    // The product stores the event before it answers: the sandbox learns of the 2xx a moment after the row changed.
    await vi.waitFor(() => expect(sandbox.undelivered()).toEqual([]), { timeout: 5_000, interval: 50 });
    const received = await database.db.select().from(providerEvents).where(eq(providerEvents.eventId, owed!.event.id));
    expect(received).toHaveLength(1);
    expect(owed!.attempts).toBeGreaterThanOrEqual(1);
  });
});
