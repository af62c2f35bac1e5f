import type { CardBrandOrOther } from '@wattdesk/shared';
import type Stripe from 'stripe';
import { loadedStripe } from '../../lib/stripe-sdk.ts';

/** The Stripe SDK as the app configured it (keys, STRIPE_API_URL, or the sandbox): payments/stripe-gateway.ts. */
export type StripeAccess = { sdk: () => Promise<Stripe>; isSandbox: boolean };

/** Why the provider said no: `rejected` (it answered with a reason) or `unreachable` (no answer). */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    readonly reason: string,
  ) {
    super(reason);
  }
}

export type ProviderCard = { paymentMethodId: string; brand: CardBrandOrOther; last4: string; expMonth: number; expYear: number };

const BRANDS: Record<string, CardBrandOrOther> = { visa: 'Visa', mastercard: 'MasterCard', amex: 'American Express', discover: 'Discover' };

/** What the provider said to a charge: paid (with its fee), declined (a reason the driver can act on). */
export type ChargeOutcome =
  | { kind: 'paid'; paymentId: string; fee: number }
  | { kind: 'declined'; paymentId: string | null; reason: string }
  | { kind: 'unreachable'; reason: string };

export type ChargeRequest = {
  sessionId: string;
  customerId: string;
  paymentMethodId: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
};

const feeOf = (intent: Stripe.PaymentIntent): number => {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return 0;
  const balance = charge.balance_transaction;
  return balance && typeof balance !== 'string' ? balance.fee : 0;
};

/**
 * Card payments of driver sessions through the Stripe SDK (the sandbox without keys): an off-session
 * PaymentIntent confirmed at creation, so the session is charged with no driver present, and refunds.
 */
export const createDriverPaymentGateway = (stripe: StripeAccess) => {
  const sdk = stripe.sdk;

  const createCustomer = async (driverId: string, email: string, name: string): Promise<string> => {
    try {
      const customer = await (
        await sdk()
      ).customers.create({ email, name, metadata: { driverId } }, { idempotencyKey: `wd_driver_customer_${driverId}`, maxNetworkRetries: 1 });
      return customer.id;
    } catch (error) {
      throw toGatewayError(error);
    }
  };

  /** The provider's card page (Checkout in setup mode) for the customer; {CHECKOUT_SESSION_ID} is filled in by the provider. */
  const startCardSetup = async (customerId: string, successUrl: string, cancelUrl: string): Promise<string> => {
    try {
      const session = await (
        await sdk()
      ).checkout.sessions.create({ mode: 'setup', customer: customerId, currency: 'usd', success_url: successUrl, cancel_url: cancelUrl });
      if (!session.url) throw new GatewayError('rejected', 'The provider did not give a card page address');
      return session.url;
    } catch (error) {
      throw toGatewayError(error);
    }
  };

  /** The card a finished card page saved (read with expand setup_intent.payment_method), or a refusal. */
  const finishCardSetup = async (customerId: string, sessionId: string): Promise<ProviderCard> => {
    try {
      const session = await (await sdk()).checkout.sessions.retrieve(sessionId, { expand: ['setup_intent.payment_method'] });
      if (session.customer !== customerId) throw new GatewayError('rejected', "This card page belongs to another driver's account");
      const intent = session.setup_intent;
      if (session.status !== 'complete' || !intent || typeof intent === 'string' || intent.status !== 'succeeded')
        throw new GatewayError('rejected', 'The card was not saved on the card page');
      const method = intent.payment_method;
      if (!method || typeof method === 'string' || !method.card) throw new GatewayError('rejected', 'The provider did not return the card');
      return {
        paymentMethodId: method.id,
        brand: BRANDS[method.card.brand] ?? 'Other',
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    } catch (error) {
      throw toGatewayError(error);
    }
  };

  const charge = async (request: ChargeRequest): Promise<ChargeOutcome> => {
    try {
      const intent = await (
        await sdk()
      ).paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          confirm: true,
          off_session: true,
          metadata: { wattdesk_session: request.sessionId },
          expand: ['latest_charge.balance_transaction'],
        },
        { idempotencyKey: request.idempotencyKey, maxNetworkRetries: 1 },
      );
      if (intent.status === 'succeeded') return { kind: 'paid', paymentId: intent.id, fee: feeOf(intent) };
      return { kind: 'declined', paymentId: intent.id, reason: intent.last_payment_error?.message ?? `The payment is ${intent.status}` };
    } catch (error) {
      const stripeModule = loadedStripe();
      if (stripeModule && error instanceof stripeModule.errors.StripeCardError)
        return { kind: 'declined', paymentId: error.payment_intent?.id ?? null, reason: error.message };
      const failure = toGatewayError(error);
      if (failure.kind === 'rejected') return { kind: 'declined', paymentId: null, reason: failure.reason };
      return { kind: 'unreachable', reason: failure.reason };
    }
  };

  /** A PaymentIntent as the provider has it now (for its webhook events, whose objects are not expanded). */
  const retrieve = async (paymentId: string): Promise<ChargeOutcome> => {
    try {
      const intent = await (await sdk()).paymentIntents.retrieve(paymentId, { expand: ['latest_charge.balance_transaction'] });
      if (intent.status === 'succeeded') return { kind: 'paid', paymentId: intent.id, fee: feeOf(intent) };
      return { kind: 'declined', paymentId: intent.id, reason: intent.last_payment_error?.message ?? `The payment is ${intent.status}` };
    } catch (error) {
      const failure = toGatewayError(error);
      return { kind: 'unreachable', reason: failure.reason };
    }
  };

  const refund = async (input: {
    paymentId: string;
    amount: number;
    reason: string | null;
    idempotencyKey: string;
  }): Promise<{ refundId: string }> => {
    try {
      const made = await (
        await sdk()
      ).refunds.create(
        { payment_intent: input.paymentId, amount: input.amount, metadata: input.reason ? { reason: input.reason } : {} },
        { idempotencyKey: input.idempotencyKey, maxNetworkRetries: 1 },
      );
      return { refundId: made.id };
    } catch (error) {
      throw toGatewayError(error);
    }
  };

  return { isSandbox: stripe.isSandbox, createCustomer, startCardSetup, finishCardSetup, charge, retrieve, refund };
};

const toGatewayError = (error: unknown): GatewayError => {
  if (error instanceof GatewayError) return error;
  const sdk = loadedStripe();
  if (sdk && error instanceof sdk.errors.StripeConnectionError)
    return new GatewayError('unreachable', 'Stripe could not be reached. Try again later');
  if (sdk && error instanceof sdk.errors.StripeError) return new GatewayError('rejected', error.message || error.type);
  return new GatewayError('unreachable', 'Stripe gave an answer we could not read. Try again later');
};

export type DriverPaymentGateway = ReturnType<typeof createDriverPaymentGateway>;
