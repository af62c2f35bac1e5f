import { payoutEventResponseSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { PaymentEvents } from './payment-events.ts';

/** Stripe's webhook for session payments, beside the payouts one; public, the SDK-checked signature authorizes it. */
export const paymentEventsRoutes = async (app: FastifyInstance, { events }: { events: PaymentEvents }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/payments/session-payments/webhook', {
    config: { access: { public: true } },
    schema: {
      tags: ['driver-payments'],
      summary: 'Stripe events of session payments (payment_intent.succeeded, payment_intent.payment_failed); each applied once',
      headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
      body: z.string(),
      response: { 200: payoutEventResponseSchema, ...errorResponses },
    },
    handler: (request) => events.receive(request.body, request.headers['stripe-signature']),
  });
};
