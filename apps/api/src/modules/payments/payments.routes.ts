import {
  okResponseSchema,
  paymentAccountSchema,
  paymentAccountStatusSchema,
  paymentLocationQuerySchema,
  startStripeConnectBodySchema,
  startStripeConnectResponseSchema,
  stripeConnectBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { PaymentsService } from './payments.service.ts';

const providerErrors = { ...errorResponses, 502: errorResponses[503] };

/** Stripe Connect for a location's payouts (spec section 7: POST {payment base}/connect {state, code}). */
export const paymentsRoutes = async (app: FastifyInstance, { payments }: { payments: PaymentsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/payments/connect', {
    config: { access: { permission: 'Payouts_Account_View', location: 'query.locationId' } },
    schema: {
      tags: ['payments'],
      summary: 'The Stripe account connected to a location for payouts, if any',
      querystring: paymentLocationQuerySchema,
      response: { 200: paymentAccountStatusSchema, ...errorResponses },
    },
    handler: (request) => payments.status(request.query.locationId),
  });

  r.post('/payments/connect/authorize', {
    config: { access: { permission: 'Bank_Connect', location: 'body.locationId' } },
    schema: {
      tags: ['payments'],
      summary: "Start connecting: a signed, expiring state for this user and location, and the provider's authorization URL",
      body: startStripeConnectBodySchema,
      response: { 200: startStripeConnectResponseSchema, ...errorResponses },
    },
    handler: (request) => payments.start(authOf(request), request.body.locationId),
  });

  r.post('/payments/connect', {
    // The location is inside the signed state; the service checks it is in the user's reach.
    config: { access: { permission: 'Bank_Connect' } },
    schema: {
      tags: ['payments'],
      summary: 'Finish connecting: verify the state, exchange the code with Stripe, store the account (the same code twice connects once)',
      body: stripeConnectBodySchema,
      response: { 200: paymentAccountSchema, ...providerErrors },
    },
    handler: (request) => payments.connect(authOf(request), actorOf(request), request.body.state, request.body.code),
  });

  r.delete('/payments/connect', {
    config: { access: { permission: 'Bank_Account_Update', location: 'query.locationId' } },
    schema: {
      tags: ['payments'],
      summary: "Disconnect the location's Stripe account (revokes our access at Stripe)",
      querystring: paymentLocationQuerySchema,
      response: { 200: okResponseSchema, ...providerErrors },
    },
    handler: async (request) => {
      await payments.disconnect(actorOf(request), request.query.locationId);
      return { responseCode: 200, msg: ['Stripe disconnected'] };
    },
  });
};
