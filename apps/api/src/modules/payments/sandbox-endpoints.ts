import type { FastifyInstance } from 'fastify';
import type { SandboxEndpoint, SandboxTransport } from './sandbox-events.ts';

/**
 * The product's Stripe webhook endpoints, as they would be registered in Stripe's dashboard, with the events each
 * listens to. The sandbox posts every event it makes to each endpoint that asked for its type. An area that adds
 * a webhook route adds its line here.
 */
export const SANDBOX_WEBHOOK_ENDPOINTS: readonly SandboxEndpoint[] = [
  { path: '/web/payments/payouts/webhook', events: ['payout.paid', 'payout.failed', 'transfer.reversed'] },
  { path: '/web/payments/session-payments/webhook', events: ['payment_intent.succeeded', 'payment_intent.payment_failed'] },
];

/**
 * The in-process sandbox delivers into the app itself (decision 084): the same route, signature check and
 * once-only event table as a delivery from Stripe, without a listening socket or a reachable PUBLIC_URL.
 */
export const injectTransport =
  (app: FastifyInstance): SandboxTransport =>
  async (path, body, signature) =>
    (
      await app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        payload: body,
      })
    ).statusCode;

/** A sandbox running on its own posts to the product over HTTP, as Stripe does: `baseUrl` is the product's address. */
export const httpTransport =
  (baseUrl: string, timeoutMs = 10_000): SandboxTransport =>
  async (path, body, signature) => {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status;
  };
