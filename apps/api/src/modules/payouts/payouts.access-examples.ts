import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';

/** A location in reach whose demo data has money: Lake Merritt has no sessions, so no balance and no share. */
const withMoney = (ctx: ExampleContext) =>
  ctx.user.locationIds === 'all'
    ? ctx.locations['sf-embarcadero']!
    : (ctx.user.locationIds.find((id) => id !== ctx.locations['oak-lake-merritt']) ?? ctx.insideLocation);

const atLocation = (key: 'query' | 'payload', extra: Record<string, unknown> = {}) => ({
  request: (ctx: { insideLocation: string }) => ({ [key]: { locationId: ctx.insideLocation, ...extra } }),
  outside: (ctx: { outsideLocation: string | undefined }) => ({ [key]: { locationId: ctx.outsideLocation!, ...extra } }),
});

export const accessExamples: AccessExample[] = [
  { route: 'GET /web/payments/payouts/balance', ...atLocation('query'), request: (ctx) => ({ query: { locationId: withMoney(ctx) } }) },
  { route: 'GET /web/payments/payouts/transfers', ...atLocation('query') },
  // No demo location has a connected account: the refusal for that shows the call got past access. Transfers
  // themselves are tested in payouts.routes.test.ts.
  { route: 'POST /web/payments/payouts/transfers', ...atLocation('payload'), permitted: { status: 400, code: 'TRANSFER_FAILED' } },
  { route: 'GET /web/payments/payouts/statement', ...atLocation('query', { month: '2026-11', format: 'csv' }) },
  { route: 'GET /web/payments/payouts/revenue-share', ...atLocation('query'), request: (ctx) => ({ query: { locationId: withMoney(ctx) } }) },
  {
    route: 'PUT /web/payments/payouts/revenue-share',
    ...atLocation('payload', { effectiveFrom: '2030-01-01T00:00:00Z', hostBps: 8000, resellerBps: 500, platformBps: 1500 }),
  },
  { route: 'GET /web/payments/payouts/deals', ...atLocation('query') },
  {
    route: 'POST /web/payments/payouts/deals',
    ...atLocation('payload', { kind: 'revenue_share', startDate: '2030-01-01', termMonths: 12, hostBps: 8000, resellerBps: 500, platformBps: 1500 }),
  },
  // A session of the demo data is not needed to show access: an unknown session gets past it and is not found.
  {
    route: 'POST /web/payments/payouts/refunds',
    ...atLocation('payload', {
      sessionId: '00000000-0000-4000-8000-000000000001',
      amount: 100,
      idempotencyKey: '00000000-0000-4000-8000-000000000002',
    }),
    permitted: { status: 404, code: 'SESSION_NOT_FOUND' },
  },
  // Stripe's webhook is public: the signature is its authorization. An unsigned call gets past access and is refused.
  {
    route: 'POST /web/payments/payouts/webhook',
    request: () => ({ payload: { id: 'evt_x', type: 'payout.paid' } }),
    permitted: { status: 400, code: 'WEBHOOK_SIGNATURE_INVALID' },
  },
];
