import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingSandbox } from './sandbox-billing.ts';
import { checkoutPage } from './sandbox-checkout-page.ts';
import { errorPage } from './sandbox-page.ts';

export type SandboxCheckoutOptions = { billing: BillingSandbox; rateLimit: { max: number; timeWindow: number } };

const paramsSchema = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/) });
const cardSchema = z.object({ number: z.string().max(30).default(''), expiry: z.string().max(10).default(''), cvc: z.string().max(6).default('') });

/**
 * The sandbox's card page (Stripe Checkout in setup mode), registered only without Stripe keys. It is
 * the provider's page, public like Stripe's: the session id in its address is what it answers to.
 */
export const sandboxCheckoutRoutes = async (app: FastifyInstance, { billing, rateLimit }: SandboxCheckoutOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const html = (reply: FastifyReply, status: number, render: (nonce: string) => string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(render(reply.usePageCsp()));
  const expired = (reply: FastifyReply) => html(reply, 404, (nonce) => errorPage(nonce, 'This card form has expired or was already used.'));

  r.get('/payments/sandbox/checkout/:sessionId', {
    config: { access: { public: true }, rateLimit },
    schema: { hide: true, params: paramsSchema },
    handler: async (request, reply) => {
      const session = billing.openCheckout(request.params.sessionId);
      return session ? html(reply, 200, (nonce) => checkoutPage(nonce, session)) : expired(reply);
    },
  });

  r.post('/payments/sandbox/checkout/:sessionId', {
    config: { access: { public: true }, rateLimit },
    schema: { hide: true, params: paramsSchema, body: cardSchema },
    handler: async (request, reply) => {
      const session = billing.openCheckout(request.params.sessionId);
      if (!session) return expired(reply);
      const result = await billing.confirmCheckout(session.id, request.body);
      if ('error' in result) return html(reply, 402, (nonce) => checkoutPage(nonce, session, result.error));
      return reply.header('cache-control', 'no-store').redirect(result.redirect, 303);
    },
  });
};
