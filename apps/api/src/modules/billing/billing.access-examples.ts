import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { chargers, licenses } from '../../db/schema/index.ts';

const key = () => randomUUID().replaceAll('-', '');

/** A licence of the location to act on: made here, so the matrix never changes the seeded ones. */
const licenseAt = async (ctx: ExampleContext, locationId: string) => {
  const [row] = await ctx.db
    .insert(licenses)
    .values({ locationId, seats: 1, startsAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: licenses.id });
  return row!.id;
};

const chargerAt = async (ctx: ExampleContext, locationId: string) => {
  const [row] = await ctx.db
    .select({ id: chargers.id })
    .from(chargers)
    .where(and(eq(chargers.locationId, locationId)))
    .limit(1);
  return row?.id ?? randomUUID();
};

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/payments/subscription',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  // No card is on file in the matrix: activation is refused by our own check, before the provider is asked.
  {
    route: 'POST /web/payments/subscription',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, planId: 'basic', idempotencyKey: key() } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, planId: 'basic', idempotencyKey: key() } }),
    permitted: { status: 402, code: 'SUBSCRIPTION_ACTIVATION_FAILED' },
  },
  {
    route: 'PUT /web/payments/subscription',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, planId: 'pro', idempotencyKey: key() } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, planId: 'pro', idempotencyKey: key() } }),
    permitted: { status: 409, code: 'SUBSCRIPTION_NOT_ACTIVE' },
  },
  {
    route: 'DELETE /web/payments/subscription',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation, idempotencyKey: key() } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation, idempotencyKey: key() } }),
    permitted: { status: 409, code: 'SUBSCRIPTION_NOT_ACTIVE' },
  },
  {
    route: 'GET /web/payments/plan-includes',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/payments/payment-details',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/payments/payment-details/setup',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation } }),
  },
  // A card page nobody finished: the provider's refusal comes back as the spec's message.
  {
    route: 'POST /web/payments/payment-details',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, sessionId: 'cs_test_never_opened' } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, sessionId: 'cs_test_never_opened' } }),
    permitted: { status: 402, code: 'PAYMENT_INFO_FAILED' },
  },
  // The sandbox's card page plays the provider's own page: public, like the provider's.
  { route: 'GET /web/payments/sandbox/checkout/:sessionId', request: () => ({ params: { sessionId: 'cs_test_none' } }) },
  {
    route: 'POST /web/payments/sandbox/checkout/:sessionId',
    request: () => ({ params: { sessionId: 'cs_test_none' }, payload: { number: '4242424242424242', expiry: '12/40', cvc: '123' } }),
  },
  {
    route: 'GET /web/payments/licenses',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/payments/licenses',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, seats: 2, idempotencyKey: key() } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, seats: 2, idempotencyKey: key() } }),
  },
  {
    route: 'POST /web/payments/licenses/:licenseId/renew',
    request: async (ctx) => ({
      params: { licenseId: await licenseAt(ctx, ctx.insideLocation) },
      payload: { locationId: ctx.insideLocation, idempotencyKey: key() },
    }),
    outside: async (ctx) => ({
      params: { licenseId: await licenseAt(ctx, ctx.outsideLocation) },
      payload: { locationId: ctx.outsideLocation, idempotencyKey: key() },
    }),
  },
  {
    route: 'PATCH /web/payments/licenses/:licenseId',
    request: async (ctx) => ({
      params: { licenseId: await licenseAt(ctx, ctx.insideLocation) },
      payload: { locationId: ctx.insideLocation, autoRenew: false },
    }),
    outside: async (ctx) => ({
      params: { licenseId: await licenseAt(ctx, ctx.outsideLocation) },
      payload: { locationId: ctx.outsideLocation, autoRenew: false },
    }),
  },
  {
    route: 'PUT /web/payments/licenses/chargers/:id',
    request: async (ctx) => ({
      params: { id: await chargerAt(ctx, ctx.insideLocation) },
      payload: { locationId: ctx.insideLocation, licenseId: await licenseAt(ctx, ctx.insideLocation) },
    }),
    outside: async (ctx) => ({
      params: { id: await chargerAt(ctx, ctx.outsideLocation) },
      payload: { locationId: ctx.outsideLocation, licenseId: null },
    }),
  },
];
