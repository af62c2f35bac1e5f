import { payoutEventResponseSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { PayoutEventsService } from './payout-events.service.ts';

/**
 * Stripe's webhook for transfers and payouts. Public like every webhook: the signature, checked by the SDK
 * against the exact bytes sent, is the authorization. Its own plugin, so only here is JSON read as text.
 */
export const payoutEventsRoutes = async (app: FastifyInstance, { events }: { events: PayoutEventsService }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/payments/payouts/webhook', {
    config: { access: { public: true } },
    schema: {
      tags: ['payouts'],
      summary: 'Stripe events that settle payouts (payout.paid, payout.failed, transfer.reversed); each event id is applied once',
      headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
      body: z.string(),
      response: { 200: payoutEventResponseSchema, ...errorResponses },
    },
    handler: (request) => events.receive(request.body, request.headers['stripe-signature']),
  });
};
