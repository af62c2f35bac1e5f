import type { BankAccountStatus } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../test/fixtures.ts';
import { connectInSandbox, linkInSandbox } from '../../../test/payout-destination-helpers.ts';
import { authed, createTestDatabase, json, loginAs, testConfig } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { paymentSandboxObjects, userLocations } from '../../db/schema/index.ts';

/**
 * The Plaid sandbox keeps its Items and public tokens in payment_sandbox_objects (issue 43): an app built again on
 * the same database still answers for an Item linked before, as Plaid would after our restart.
 */
describe('Plaid sandbox state survives a restart', () => {
  let database: DatabaseHandle;
  const config = testConfig();
  const start = async () => {
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return app;
  };
  let location: string;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    const [row] = await database.db
      .select()
      .from(userLocations)
      .where(eq(userLocations.userId, await userIdOf(database.db, 'portfoliomanager@example.com')));
    location = row!.locationId;
  });
  afterAll(() => database.close());

  const bankOf = async (app: FastifyInstance, token: string) =>
    json<BankAccountStatus>(await app.inject(authed(token, { method: 'GET', url: `/web/payments/bank-account?locationId=${location}` }))).account;

  it('exchanges a public token issued before the restart and answers for the Item linked with it after', async () => {
    const first = await start();
    const token = (await loginAs(first, 'PortfolioManager')).access_token;
    const linked = await linkInSandbox(first, token, location);
    await first.close();

    const second = await start();
    const saved = await second.inject(
      authed(token, { method: 'POST', url: '/web/payments/bank-account', payload: { locationId: location, publicToken: linked.publicToken } }),
    );
    expect(saved.statusCode).toBe(200);
    const items = await database.db
      .select()
      .from(paymentSandboxObjects)
      .where(and(eq(paymentSandboxObjects.provider, 'plaid'), eq(paymentSandboxObjects.kind, 'item')));
    expect(items).toHaveLength(1);
    expect(items[0]!.body).toMatchObject({ institutionId: 'ins_109508', removed: false });
    await second.close();

    // Attaching to a Stripe account connected now asks Plaid for a token of that Item: only a remembered Item answers.
    const third = await start();
    const connected = await connectInSandbox(third, token, location);
    expect(connected.statusCode).toBe(200);
    expect(await bankOf(third, token)).toMatchObject({ institutionName: 'First Platypus Bank', payoutsFrom: json(connected).accountId });
    await third.close();
  });

  it('remembers an Item removed before the restart as removed', async () => {
    const first = await start();
    const token = (await loginAs(first, 'PortfolioManager')).access_token;
    await first.inject(authed(token, { method: 'DELETE', url: `/web/payments/connect?locationId=${location}` }));
    const removed = await first.inject(authed(token, { method: 'DELETE', url: `/web/payments/bank-account?locationId=${location}` }));
    expect(removed.statusCode).toBe(200);
    await first.close();
    const [item] = await database.db
      .select()
      .from(paymentSandboxObjects)
      .where(and(eq(paymentSandboxObjects.provider, 'plaid'), eq(paymentSandboxObjects.kind, 'item')));
    expect(item!.body).toMatchObject({ removed: true });
  });
});
