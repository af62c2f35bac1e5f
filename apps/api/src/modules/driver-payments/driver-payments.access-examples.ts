import type { AccessExample } from '../../../test/access-examples.ts';
import { makeSession } from '../../../test/charger-fixtures.ts';
import { makeDriver } from '../../../test/driver-fixtures.ts';

const driverAt = (ctx: { db: Parameters<typeof makeDriver>[0] }, locationId: string | undefined) => async () => ({
  params: { driverId: await makeDriver(ctx.db, locationId!) },
});

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/drivers/:driverId/payment-method',
    request: (ctx) => driverAt(ctx, ctx.insideLocation)(),
    outside: (ctx) => driverAt(ctx, ctx.outsideLocation)(),
  },
  {
    route: 'POST /web/drivers/:driverId/payment-method/setup',
    request: (ctx) => driverAt(ctx, ctx.insideLocation)(),
    outside: (ctx) => driverAt(ctx, ctx.outsideLocation)(),
  },
  {
    route: 'POST /web/drivers/:driverId/payment-method',
    request: async (ctx) => ({ ...(await driverAt(ctx, ctx.insideLocation)()), payload: { sessionId: 'cs_test_unknown' } }),
    outside: async (ctx) => ({ ...(await driverAt(ctx, ctx.outsideLocation)()), payload: { sessionId: 'cs_test_unknown' } }),
    // Finishing needs a card page the driver's customer went through: a driver never sent there is refused after access.
    permitted: { status: 402, code: 'PAYMENT_INFO_FAILED' },
  },
  {
    route: 'DELETE /web/drivers/:driverId/payment-method',
    request: (ctx) => driverAt(ctx, ctx.insideLocation)(),
    outside: (ctx) => driverAt(ctx, ctx.outsideLocation)(),
    // A new driver has no card to remove; removing a saved one is tested in driver-payments.routes.test.ts.
    permitted: { status: 409, code: 'DRIVER_CARD_NOT_ON_FILE' },
  },
  {
    route: 'GET /web/drivers/:driverId/payments',
    request: async (ctx) => ({ ...(await driverAt(ctx, ctx.insideLocation)()), query: { page: '1', pageSize: '10', status: 'paid' } }),
    outside: (ctx) => driverAt(ctx, ctx.outsideLocation)(),
  },
  {
    route: 'GET /web/session-payments',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/session-payments/:sessionId',
    request: async (ctx) => ({ params: { sessionId: await makeSession(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { sessionId: await makeSession(ctx.db, ctx.outsideLocation) } }),
  },
  {
    route: 'GET /web/locations/payment-rule',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'PUT /web/locations/payment-rule',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, unpaidSessionRule: 'receivable' } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, unpaidSessionRule: 'receivable' } }),
  },
  // Stripe's webhook is public: the signature is its authorization. An unsigned call gets past access and is refused.
  {
    route: 'POST /web/payments/session-payments/webhook',
    request: () => ({ payload: { id: 'evt_x', type: 'payment_intent.succeeded' } }),
    permitted: { status: 400, code: 'WEBHOOK_SIGNATURE_INVALID' },
  },
];
