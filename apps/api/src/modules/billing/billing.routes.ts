import {
  billingLocationQuerySchema,
  cancelSubscriptionQuerySchema,
  completeCardSetupBodySchema,
  locationPlanIncludesSchema,
  paymentDetailsResultSchema,
  paymentDetailsSchema,
  startCardSetupBodySchema,
  startCardSetupResponseSchema,
  subscriptionBodySchema,
  subscriptionOverviewSchema,
  subscriptionResultSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { errorResponseSchema } from '@wattdesk/shared';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { BillingService } from './billing.service.ts';

const tags = ['billing'];
/** Provider refusals (402, e.g. a declined card) and outages (502) besides the usual answers. */
const providerErrors = { ...errorResponses, 402: errorResponseSchema, 502: errorResponseSchema };

/** The host's subscription and card on file (spec section 7: prefix /payments, endpoint name "payment details"). */
export const billingRoutes = async (app: FastifyInstance, { billing }: { billing: BillingService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { subscription, paymentDetails } = billing;

  r.get('/payments/subscription', {
    config: { access: { permission: 'Subscription_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "A location's plan, the plans on offer, the chargers billed and whether a card is on file",
      querystring: billingLocationQuerySchema,
      response: { 200: subscriptionOverviewSchema, ...errorResponses },
    },
    handler: (request) => subscription.overview(request.query.locationId),
  });

  r.post('/payments/subscription', {
    config: { access: { permission: 'Subscription_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Activate a plan, billed per charger to the card on file (the same idempotency key twice activates once)',
      body: subscriptionBodySchema,
      response: { 200: subscriptionResultSchema, ...providerErrors },
    },
    handler: async (request) => {
      const { msg, subscription: saved } = await subscription.activate(
        actorOf(request),
        request.body.locationId,
        request.body.planId,
        request.body.idempotencyKey,
      );
      return { responseCode: 200, msg: [msg], subscription: saved };
    },
  });

  r.put('/payments/subscription', {
    config: { access: { permission: 'Subscription_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: "Change the plan (and re-count the chargers billed); an upgrade's difference is charged at once",
      body: subscriptionBodySchema,
      response: { 200: subscriptionResultSchema, ...providerErrors },
    },
    handler: async (request) => {
      const { msg, subscription: saved } = await subscription.change(
        actorOf(request),
        request.body.locationId,
        request.body.planId,
        request.body.idempotencyKey,
      );
      return { responseCode: 200, msg: [msg], subscription: saved };
    },
  });

  r.delete('/payments/subscription', {
    config: { access: { permission: 'Subscription_Update', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Cancel the subscription at once',
      querystring: cancelSubscriptionQuerySchema,
      response: { 200: subscriptionResultSchema, ...providerErrors },
    },
    handler: async (request) => {
      const { msg, subscription: saved } = await subscription.cancel(actorOf(request), request.query.locationId, request.query.idempotencyKey);
      return { responseCode: 200, msg: [msg], subscription: saved };
    },
  });

  r.get('/payments/plan-includes', {
    // Whoever sees the location may see what its plan includes: screens hide what it lacks, and no money is shown.
    config: { access: { permission: 'Locations_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "What the location's plan includes: how many chargers and which features (decision 080)",
      querystring: billingLocationQuerySchema,
      response: { 200: locationPlanIncludesSchema, ...errorResponses },
    },
    handler: (request) => billing.planIncludes(request.query.locationId),
  });

  r.get('/payments/payment-details', {
    config: { access: { permission: 'Payment_Info_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: "The location's card on file: brand, last four digits, expiry",
      querystring: billingLocationQuerySchema,
      response: { 200: paymentDetailsSchema, ...errorResponses },
    },
    handler: (request) => paymentDetails.details(request.query.locationId),
  });

  r.post('/payments/payment-details/setup', {
    config: { access: { permission: 'Payment_Info_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: "Start a card update: the address of the provider's card page (the card number never reaches this API)",
      body: startCardSetupBodySchema,
      response: { 200: startCardSetupResponseSchema, ...providerErrors },
    },
    handler: (request) => paymentDetails.startSetup(request.body.locationId),
  });

  r.post('/payments/payment-details', {
    config: { access: { permission: 'Payment_Info_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Finish a card update: read the card the provider saved and make it the default for the subscription',
      body: completeCardSetupBodySchema,
      response: { 200: paymentDetailsResultSchema, ...providerErrors },
    },
    handler: async (request) => {
      const { msg, card } = await paymentDetails.completeSetup(actorOf(request), request.body.locationId, request.body.sessionId);
      return { responseCode: 200, msg: [msg], card };
    },
  });
};
