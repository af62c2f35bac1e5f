import type { CardBrandOrOther, PlanPrice } from '@wattdesk/shared';
import type Stripe from 'stripe';
import { loadedStripe } from '../../lib/stripe-sdk.ts';

/** Why the provider said no: `rejected` (it answered with a reason) or `unreachable` (no answer). */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    readonly reason: string,
  ) {
    super(reason);
  }
}

const toGatewayError = (error: unknown): GatewayError => {
  const sdk = loadedStripe();
  if (sdk && error instanceof sdk.errors.StripeConnectionError)
    return new GatewayError('unreachable', 'Stripe could not be reached. Try again later');
  if (sdk && error instanceof sdk.errors.StripeError) return new GatewayError('rejected', error.message || error.rawType || error.type);
  return new GatewayError('unreachable', 'Stripe gave an answer we could not read. Try again later');
};

/** The Stripe SDK as the app configured it (keys, STRIPE_API_URL, or the sandbox), and which of them it is. */
export type StripeAccess = { sdk: () => Promise<Stripe>; isSandbox: boolean };

export type ProviderCard = { paymentMethodId: string; brand: CardBrandOrOther; last4: string; expMonth: number; expYear: number };
/** A Stripe Price as the product uses it: its id (to subscribe to) and what it costs, in minor units. */
export type ProviderPrice = PlanPrice & { priceId: string };
export type ProviderSubscription = { subscriptionId: string; itemId: string; status: string; quantity: number; currentPeriodEnd: Date | null };

const BRANDS: Record<string, CardBrandOrOther> = { visa: 'Visa', mastercard: 'MasterCard', amex: 'American Express', discover: 'Discover' };

/** Calls that carry an idempotency key may be retried once on a lost answer: the provider answers the first outcome. */
const keyed = (idempotencyKey: string): Stripe.RequestOptions => ({ idempotencyKey, maxNetworkRetries: 1 });

/** Stripe answers at most ten lookup keys per list call. */
const LOOKUP_KEYS_PER_CALL = 10;

const toSubscription = (subscription: Stripe.Subscription): ProviderSubscription => {
  const item = subscription.items.data[0];
  if (!item) throw new GatewayError('rejected', 'The provider answered a subscription without items');
  return {
    subscriptionId: subscription.id,
    itemId: item.id,
    status: subscription.status,
    quantity: item.quantity ?? 1,
    currentPeriodEnd: item.current_period_end ? new Date(item.current_period_end * 1000) : null,
  };
};

/** Every provider error becomes a GatewayError: rejected (with the provider's reason) or unreachable. */
const call = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw error instanceof GatewayError ? error : toGatewayError(error);
  }
};

/**
 * Subscription billing through the Stripe SDK: customers, the card set up on Stripe's Checkout page
 * (setup mode, a SetupIntent underneath), plan prices found by lookup key, and subscriptions. Without
 * keys the same calls reach the built-in sandbox.
 */
export const createBillingGateway = (stripe: StripeAccess) => {
  const sdk = stripe.sdk;

  const createCustomer = (locationId: string, name: string, idempotencyKey: string) =>
    call(async () => (await sdk()).customers.create({ name, metadata: { locationId } }, keyed(idempotencyKey)).then((customer) => customer.id));

  /** The provider's card page for this customer; {CHECKOUT_SESSION_ID} in successUrl is filled in by the provider. */
  const startCardSetup = (customerId: string, successUrl: string, cancelUrl: string) =>
    call(async () => {
      const session = await (
        await sdk()
      ).checkout.sessions.create({
        mode: 'setup',
        customer: customerId,
        currency: 'usd',
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new GatewayError('rejected', 'The provider did not give a card page address');
      return session.url;
    });

  /** The card a finished card page saved, or a refusal when the session is not this customer's or not finished. */
  const finishCardSetup = (customerId: string, sessionId: string): Promise<ProviderCard> =>
    call(async () => {
      const session = await (await sdk()).checkout.sessions.retrieve(sessionId, { expand: ['setup_intent.payment_method'] });
      if (session.customer !== customerId) throw new GatewayError('rejected', 'This card page belongs to another location');
      const intent = session.setup_intent;
      if (session.status !== 'complete' || !intent || typeof intent === 'string' || intent.status !== 'succeeded') {
        throw new GatewayError('rejected', 'The card was not saved on the card page');
      }
      const method = intent.payment_method;
      if (!method || typeof method === 'string' || !method.card) throw new GatewayError('rejected', 'The provider did not return the card');
      await (await sdk()).customers.update(customerId, { invoice_settings: { default_payment_method: method.id } });
      return {
        paymentMethodId: method.id,
        brand: BRANDS[method.card.brand] ?? 'Other',
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    });

  /**
   * The prices of these lookup keys as Stripe has them (decision 080: plans are Stripe Prices, never made here).
   * A lookup key Stripe does not know is missing from the answer.
   */
  const pricesByLookupKey = (lookupKeys: readonly string[]): Promise<Map<string, ProviderPrice>> =>
    call(async () => {
      const client = await sdk();
      const found = new Map<string, ProviderPrice>();
      const unique = [...new Set(lookupKeys)];
      for (let start = 0; start < unique.length; start += LOOKUP_KEYS_PER_CALL) {
        const page = await client.prices.list({ lookup_keys: unique.slice(start, start + LOOKUP_KEYS_PER_CALL), active: true, limit: 100 });
        for (const price of page.data) {
          if (!price.lookup_key || price.unit_amount === null) continue;
          found.set(price.lookup_key, {
            priceId: price.id,
            lookupKey: price.lookup_key,
            unitAmount: price.unit_amount,
            currency: price.currency.toUpperCase(),
            interval: price.recurring?.interval ?? 'month',
          });
        }
      }
      return found;
    });

  const createSubscription = (
    input: { customerId: string; paymentMethodId: string; planId: string; priceId: string; quantity: number; locationId: string },
    idempotencyKey: string,
  ) =>
    call(async () => {
      const price = input.priceId;
      const subscription = await (
        await sdk()
      ).subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price, quantity: input.quantity }],
          default_payment_method: input.paymentMethodId,
          // A refused first payment is an error now, not an incomplete subscription to chase later.
          payment_behavior: 'error_if_incomplete',
          metadata: { locationId: input.locationId, planId: input.planId },
        },
        keyed(idempotencyKey),
      );
      return toSubscription(subscription);
    });

  const changeSubscription = (
    input: { subscriptionId: string; itemId: string; planId: string; priceId: string; quantity: number },
    idempotencyKey: string,
  ) =>
    call(async () => {
      const price = input.priceId;
      const subscription = await (
        await sdk()
      ).subscriptions.update(
        input.subscriptionId,
        {
          items: [{ id: input.itemId, price, quantity: input.quantity }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          metadata: { planId: input.planId },
        },
        keyed(idempotencyKey),
      );
      return toSubscription(subscription);
    });

  const cancelSubscription = (subscriptionId: string, idempotencyKey: string) =>
    call(async () => toSubscription(await (await sdk()).subscriptions.cancel(subscriptionId, {}, keyed(idempotencyKey))));

  return {
    isSandbox: stripe.isSandbox,
    createCustomer,
    startCardSetup,
    finishCardSetup,
    pricesByLookupKey,
    createSubscription,
    changeSubscription,
    cancelSubscription,
  };
};

export type BillingGateway = ReturnType<typeof createBillingGateway>;
