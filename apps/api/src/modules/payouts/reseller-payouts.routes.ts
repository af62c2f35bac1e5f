import {
  okResponseSchema,
  resellerAccountSchema,
  resellerPayoutsResponseSchema,
  resellerTransferBodySchema,
  resellerTransferResponseSchema,
  startStripeConnectResponseSchema,
  stripeConnectBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import type { RouteAccess } from '../../lib/fastify-types.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ResellerAccountService } from '../payments/reseller-account.service.ts';
import type { ResellerPayoutsService } from './reseller-payouts.service.ts';

const tags = ['payouts'];
const providerErrors = { ...errorResponses, 502: errorResponses[503] };

/**
 * Acting on the reseller's own money takes both permissions: Reseller_Revenue_View says whose money it is (held by
 * Reseller, SuperAdmin and ReadonlySuperAdmin only) and Bank_Connect that the user may connect payout accounts (not
 * ReadonlySuperAdmin). So: the Reseller, and SuperAdmin for support — never a PortfolioManager, who holds
 * Payouts_Transfer for hosts' money but not the reseller's. No new permission: the catalogue is at its bound of 100.
 */
const resellerMoney: RouteAccess = { permission: 'Reseller_Revenue_View', alsoRequires: 'Bank_Connect' };

/** The reseller's own payouts (issue 43 part 3): its connected account, collected share, transfers. */
export const resellerPayoutsRoutes = async (
  app: FastifyInstance,
  { account, payouts, sandbox }: { account: ResellerAccountService; payouts: ResellerPayoutsService; sandbox: boolean },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payments/reseller', {
    config: { access: { permission: 'Reseller_Revenue_View' } },
    schema: {
      tags,
      summary: "The reseller's connected account, its share per currency (earned, collected, paid out, available) and its latest transfers",
      response: { 200: resellerPayoutsResponseSchema, ...errorResponses },
    },
    handler: () => payouts.overview(sandbox),
  });

  r.post('/payments/reseller/connect/authorize', {
    config: { access: resellerMoney },
    schema: {
      tags,
      summary: "Start connecting the reseller's own Stripe account: a signed, expiring state and the provider's authorization URL",
      response: { 200: startStripeConnectResponseSchema, ...errorResponses },
    },
    handler: (request) => account.start(authOf(request)),
  });

  r.post('/payments/reseller/connect', {
    config: { access: resellerMoney },
    schema: {
      tags,
      summary: "Finish connecting the reseller's Stripe account: verify the state, exchange the code (the same code twice connects once)",
      body: stripeConnectBodySchema,
      response: { 200: resellerAccountSchema, ...providerErrors },
    },
    handler: (request) => account.connect(authOf(request), actorOf(request), request.body.state, request.body.code),
  });

  r.delete('/payments/reseller/connect', {
    config: { access: resellerMoney },
    schema: {
      tags,
      summary: "Disconnect the reseller's Stripe account (revokes our access at Stripe)",
      response: { 200: okResponseSchema, ...providerErrors },
    },
    handler: async (request) => {
      await account.disconnect(actorOf(request));
      return { responseCode: 200, msg: ['Stripe disconnected'] };
    },
  });

  r.post('/payments/reseller/transfers', {
    config: { access: resellerMoney },
    schema: {
      tags,
      summary: "Pay the reseller's collected share in a currency to its connected account; the same idempotency key pays once",
      body: resellerTransferBodySchema,
      response: { 200: resellerTransferResponseSchema, ...providerErrors },
    },
    handler: async (request) => {
      const { transfer, repeated } = await payouts.transfer(actorOf(request), request.body);
      const msg = repeated ? 'transfer already requested' : transfer.status === 'paid' ? 'transfer paid' : 'transfer sent';
      return { responseCode: 200, msg: [msg], transfer, repeated };
    },
  });
};
