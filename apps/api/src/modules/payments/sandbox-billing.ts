import { sandboxCards, type SandboxCard } from './sandbox-cards.ts';
import type { SandboxCollection, SandboxEvents, SandboxState } from './sandbox-state.ts';
import {
  declined,
  invalid,
  metadataOf,
  missing,
  newId,
  oneMonthLater,
  seconds,
  type SandboxAnswer,
  type SandboxExtension,
  type SandboxRequest,
} from './sandbox-wire.ts';

export type { SandboxExtension } from './sandbox-wire.ts';

/** Customers and cards on file as stored (kinds 'customer', 'payment_method'): other extensions charge them. */
export type SandboxCustomer = { id: string; metadata: Record<string, string>; defaultPaymentMethod: string | null };
export type SandboxPaymentMethod = { id: string; customer: string | null; card: SandboxCard };
type Customer = SandboxCustomer;
type PaymentMethod = SandboxPaymentMethod;
type SetupIntent = { id: string; customer: string; status: 'requires_payment_method' | 'succeeded'; paymentMethod: string | null };
type Checkout = { id: string; customer: string; setupIntent: string; successUrl: string; cancelUrl: string; status: 'open' | 'complete' };
type Price = { id: string; lookupKey: string | null; unitAmount: number; currency: string; interval: string; product: string };
type Item = { id: string; price: string; quantity: number };
/** A price the sandbox starts with (config/sandbox-prices.json, read and validated with the configuration). */
export type SeededPrice = { lookupKey: string; currency: string; unitAmount: number; interval: string };
type Subscription = {
  id: string;
  customer: string;
  item: Item;
  status: 'active' | 'canceled';
  periodStart: number;
  periodEnd: number;
  metadata: Record<string, string>;
};

/**
 * The billing half of the Stripe sandbox (customers, Checkout in setup mode with its SetupIntent and
 * payment method, prices by lookup key, subscriptions), in Stripe's wire format, so the official SDK
 * talks to it as to Stripe. Card numbers are typed on the sandbox's own card page (sandbox-checkout
 * routes) and only Stripe's published test cards are accepted. Objects live in the sandbox's state (stored in
 * the database by the product), so a restart forgets no customer, card or subscription Stripe would remember.
 * Its prices come from configuration (config/sandbox-prices.json), as a real account's are made in Stripe.
 */
export const createBillingSandbox = ({
  publicUrl,
  now,
  prices: seeded,
  state,
  events,
  commit,
}: {
  publicUrl: string;
  now: () => Date;
  prices: readonly SeededPrice[];
  state: SandboxState;
  events: SandboxEvents;
  /** Stores what the card page changed and lets its events go (the sandbox's HTTP answers do it themselves). */
  commit: () => Promise<void>;
}) => {
  const customers = state.collection<Customer>('customer');
  const methods = state.collection<PaymentMethod>('payment_method');
  const intents = state.collection<SetupIntent>('setup_intent');
  const checkouts = state.collection<Checkout>('checkout_session');
  const prices = state.collection<Price>('price');
  const subscriptions = state.collection<Subscription>('subscription');
  const replays = state.collection<{ path: string; answer: SandboxAnswer }>('replay');
  let pricesSeeded = false;
  /**
   * The configured prices, made on the first request (the stored state is loaded by then), each once: a price of
   * that lookup key and currency kept from an earlier start is not made again.
   */
  const seedPrices = () => {
    if (pricesSeeded) return;
    pricesSeeded = true;
    for (const price of seeded) {
      if (prices.values().some((kept) => kept.lookupKey === price.lookupKey && kept.currency === price.currency)) continue;
      const id = newId('price');
      prices.set(id, {
        id,
        lookupKey: price.lookupKey,
        unitAmount: price.unitAmount,
        currency: price.currency,
        interval: price.interval,
        product: newId('prod'),
      });
    }
  };

  const customerJson = (customer: Customer) => ({
    id: customer.id,
    object: 'customer',
    livemode: false,
    metadata: customer.metadata,
    invoice_settings: { default_payment_method: customer.defaultPaymentMethod },
  });
  const methodJson = (method: PaymentMethod) => ({
    id: method.id,
    object: 'payment_method',
    type: 'card',
    customer: method.customer,
    card: { brand: method.card.brand, last4: method.card.last4, exp_month: method.card.expMonth, exp_year: method.card.expYear, funding: 'credit' },
  });
  const intentJson = (intent: SetupIntent, expandMethod: boolean) => ({
    id: intent.id,
    object: 'setup_intent',
    customer: intent.customer,
    status: intent.status,
    usage: 'off_session',
    payment_method: intent.paymentMethod && expandMethod ? methodJson(methods.get(intent.paymentMethod)!) : intent.paymentMethod,
  });
  const checkoutJson = (checkout: Checkout, expand: string[]) => ({
    id: checkout.id,
    object: 'checkout.session',
    mode: 'setup',
    customer: checkout.customer,
    status: checkout.status,
    success_url: checkout.successUrl,
    cancel_url: checkout.cancelUrl,
    url: checkout.status === 'open' ? `${publicUrl}/web/payments/sandbox/checkout/${checkout.id}` : null,
    setup_intent: expand.some((path) => path.startsWith('setup_intent'))
      ? intentJson(intents.get(checkout.setupIntent)!, expand.includes('setup_intent.payment_method'))
      : checkout.setupIntent,
  });
  const priceJson = (price: Price) => ({
    id: price.id,
    object: 'price',
    active: true,
    currency: price.currency,
    unit_amount: price.unitAmount,
    lookup_key: price.lookupKey,
    product: price.product,
    recurring: { interval: price.interval, interval_count: 1 },
    type: 'recurring',
  });
  const subscriptionJson = (subscription: Subscription) => {
    const price = prices.get(subscription.item.price)!;
    return {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customer,
      status: subscription.status,
      metadata: subscription.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: subscription.item.id,
            object: 'subscription_item',
            price: priceJson(price),
            quantity: subscription.item.quantity,
            current_period_start: subscription.periodStart,
            current_period_end: subscription.periodEnd,
          },
        ],
      },
    };
  };

  /** Charges the customer's default card for an amount (a first invoice, a proration): the 0341 card refuses. */
  const charge = (customerId: string, paymentMethodId: string | null): SandboxAnswer | undefined => {
    const method = paymentMethodId ? methods.get(paymentMethodId) : undefined;
    if (!method || method.customer !== customerId) {
      return invalid('This customer has no attached payment source or default payment method.', 'default_payment_method');
    }
    return method.card.declinesCharges ? declined() : undefined;
  };

  const createCustomer = (params: URLSearchParams): SandboxAnswer => {
    const customer: Customer = { id: newId('cus'), metadata: metadataOf(params), defaultPaymentMethod: null };
    customers.set(customer.id, customer);
    return { status: 200, body: customerJson(customer) };
  };

  const updateCustomer = (id: string, params: URLSearchParams): SandboxAnswer => {
    const customer = customers.get(id);
    if (!customer) return missing('customer', id);
    const method = params.get('invoice_settings[default_payment_method]');
    if (method !== null) {
      if (!methods.has(method) || methods.get(method)!.customer !== id)
        return missing('PaymentMethod', method, 'invoice_settings[default_payment_method]');
      const updated = { ...customer, defaultPaymentMethod: method };
      customers.set(id, updated);
      return { status: 200, body: customerJson(updated) };
    }
    return { status: 200, body: customerJson(customer) };
  };

  const createCheckout = (params: URLSearchParams): SandboxAnswer => {
    if (params.get('mode') !== 'setup') return invalid('The sandbox supports Checkout in setup mode only.', 'mode');
    const customerId = params.get('customer') ?? '';
    if (!customers.has(customerId)) return missing('customer', customerId, 'customer');
    const successUrl = params.get('success_url');
    const cancelUrl = params.get('cancel_url');
    if (!successUrl || !cancelUrl) return invalid('Missing required param: success_url.', 'success_url');
    const intent: SetupIntent = { id: newId('seti'), customer: customerId, status: 'requires_payment_method', paymentMethod: null };
    intents.set(intent.id, intent);
    const checkout: Checkout = { id: newId('cs_test'), customer: customerId, setupIntent: intent.id, successUrl, cancelUrl, status: 'open' };
    checkouts.set(checkout.id, checkout);
    return { status: 200, body: checkoutJson(checkout, []) };
  };

  const findPrices = (params: URLSearchParams): SandboxAnswer => {
    const keys = [...params].filter(([key]) => key.startsWith('lookup_keys')).map(([, value]) => value);
    const data = [...prices.values()].filter((price) => price.lookupKey !== null && keys.includes(price.lookupKey)).map(priceJson);
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
  };

  const createPrice = (params: URLSearchParams): SandboxAnswer => {
    const unitAmount = Number(params.get('unit_amount'));
    if (!Number.isInteger(unitAmount) || unitAmount < 0) return invalid('Invalid integer: unit_amount', 'unit_amount');
    const lookupKey = params.get('lookup_key');
    if (lookupKey && [...prices.values()].some((price) => price.lookupKey === lookupKey)) {
      return invalid(`A price (\`${lookupKey}\`) already uses that lookup key.`, 'lookup_key');
    }
    const price: Price = {
      id: newId('price'),
      lookupKey,
      unitAmount,
      currency: (params.get('currency') ?? 'usd').toLowerCase(),
      interval: params.get('recurring[interval]') ?? 'month',
      product: newId('prod'),
    };
    prices.set(price.id, price);
    return { status: 200, body: priceJson(price) };
  };

  const readItem = (params: URLSearchParams): { price: string; quantity: number; id: string | null } | SandboxAnswer => {
    const price = params.get('items[0][price]') ?? '';
    if (!prices.has(price)) return missing('price', price, 'items[0][price]');
    const quantity = Number(params.get('items[0][quantity]') ?? '1');
    if (!Number.isInteger(quantity) || quantity < 1) return invalid('Invalid integer: items[0][quantity]', 'items[0][quantity]');
    return { price, quantity, id: params.get('items[0][id]') };
  };

  const createSubscription = (params: URLSearchParams): SandboxAnswer => {
    const customer = customers.get(params.get('customer') ?? '');
    if (!customer) return missing('customer', params.get('customer') ?? '', 'customer');
    const item = readItem(params);
    if ('status' in item) return item;
    const refused = charge(customer.id, params.get('default_payment_method') ?? customer.defaultPaymentMethod);
    if (refused) return refused;
    const start = now();
    const subscription: Subscription = {
      id: newId('sub'),
      customer: customer.id,
      item: { id: newId('si'), price: item.price, quantity: item.quantity },
      status: 'active',
      periodStart: seconds(start),
      periodEnd: seconds(oneMonthLater(start)),
      metadata: metadataOf(params),
    };
    subscriptions.set(subscription.id, subscription);
    return { status: 200, body: subscriptionJson(subscription) };
  };

  const updateSubscription = (id: string, params: URLSearchParams): SandboxAnswer => {
    const subscription = subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    if (subscription.status === 'canceled') return invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const item = readItem(params);
    if ('status' in item) return item;
    if (item.id !== subscription.item.id) return missing('subscription_item', item.id ?? '', 'items[0][id]');
    // An upgrade invoices the proration at once (proration_behavior=always_invoice): the card must pay it.
    const costMore =
      prices.get(item.price)!.unitAmount * item.quantity > prices.get(subscription.item.price)!.unitAmount * subscription.item.quantity;
    if (costMore) {
      const refused = charge(subscription.customer, customers.get(subscription.customer)?.defaultPaymentMethod ?? null);
      if (refused) return refused;
    }
    const updated = { ...subscription, item: { ...subscription.item, price: item.price, quantity: item.quantity } };
    subscriptions.set(id, updated);
    return { status: 200, body: subscriptionJson(updated) };
  };

  const cancelSubscription = (id: string): SandboxAnswer => {
    const subscription = subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    const canceled = { ...subscription, status: 'canceled' as const };
    subscriptions.set(id, canceled);
    return { status: 200, body: subscriptionJson(canceled) };
  };

  const route = ({ method, path, params }: SandboxRequest): SandboxAnswer | undefined => {
    seedPrices();
    const [, resource, id] = /^\/v1\/([a-z_/]+?)(?:\/([a-z]+_[A-Za-z0-9_]+))?$/.exec(path) ?? [];
    const expand = params.getAll('expand[]').concat(params.getAll('expand[0]'));
    const found = <T extends object>(map: SandboxCollection<T>, kind: string, json: (value: T) => object): SandboxAnswer =>
      map.has(id!) ? { status: 200, body: json(map.get(id!)!) } : missing(kind, id!);
    if (resource === 'customers' && method === 'POST') return id ? updateCustomer(id, params) : createCustomer(params);
    if (resource === 'customers' && method === 'GET' && id) return found(customers, 'customer', customerJson);
    if (resource === 'checkout/sessions' && method === 'POST' && !id) return createCheckout(params);
    if (resource === 'checkout/sessions' && method === 'GET' && id) return found(checkouts, 'checkout.session', (c) => checkoutJson(c, expand));
    if (resource === 'setup_intents' && method === 'GET' && id)
      return found(intents, 'setup_intent', (i) => intentJson(i, expand.includes('payment_method')));
    if (resource === 'payment_methods' && method === 'GET' && id) return found(methods, 'payment_method', methodJson);
    if (resource === 'prices' && method === 'GET' && !id) return findPrices(params);
    if (resource === 'prices' && method === 'POST' && !id) return createPrice(params);
    if (resource === 'subscriptions' && method === 'POST') return id ? updateSubscription(id, params) : createSubscription(params);
    if (resource === 'subscriptions' && method === 'GET' && id) return found(subscriptions, 'subscription', subscriptionJson);
    if (resource === 'subscriptions' && method === 'DELETE' && id) return cancelSubscription(id);
    return undefined;
  };

  /** Like Stripe, a POST repeated with the same Idempotency-Key answers the first outcome without acting again. */
  const handle: SandboxExtension = (request) => {
    if (request.method !== 'POST' || !request.idempotencyKey) return route(request);
    const replayId = `idem_billing:${request.idempotencyKey}`;
    const earlier = replays.get(replayId);
    if (earlier && earlier.path !== request.path) {
      return invalid(`Keys for idempotent requests can only be used for the same endpoint they were first used for.`);
    }
    if (earlier) return earlier.answer;
    const answer = route(request);
    if (answer && answer.status < 500) replays.set(replayId, { path: request.path, answer });
    return answer;
  };

  /** The card page: what it shows about an open session, and completing it with a card typed there. */
  const openCheckout = (id: string) => {
    const checkout = checkouts.get(id);
    return checkout?.status === 'open' ? { id, cancelUrl: checkout.cancelUrl } : undefined;
  };

  const confirmCheckout = async (
    id: string,
    form: { number: string; expiry: string; cvc: string },
  ): Promise<{ redirect: string } | { error: string }> => {
    const checkout = checkouts.get(id);
    if (!checkout || checkout.status !== 'open') return { error: 'This card form has expired. Go back and start again.' };
    const card = sandboxCards.read(form, now());
    if ('error' in card) return card;
    if (card.declinesSetup) return { error: 'Your card was declined.' };
    const method: PaymentMethod = { id: newId('pm'), customer: checkout.customer, card };
    methods.set(method.id, method);
    const intent: SetupIntent = { ...intents.get(checkout.setupIntent)!, status: 'succeeded', paymentMethod: method.id };
    intents.set(intent.id, intent);
    const completed: Checkout = { ...checkout, status: 'complete' };
    checkouts.set(id, completed);
    // As Stripe: the SetupIntent succeeded and the Checkout session completed, each an event to the product's endpoints.
    events.emit('setup_intent.succeeded', intentJson(intent, false));
    events.emit('checkout.session.completed', checkoutJson(completed, []));
    await commit();
    return { redirect: checkout.successUrl.replace('{CHECKOUT_SESSION_ID}', checkout.id) };
  };

  /** A saved payment method's customer and test card, for the PaymentIntents extension (sandbox-payments.ts). */
  const paymentMethod = (id: string): { customer: string | null; card: SandboxCard } | undefined => {
    const method = methods.get(id);
    return method && { customer: method.customer, card: method.card };
  };

  return { handle, openCheckout, confirmCheckout, paymentMethod };
};

export type BillingSandbox = ReturnType<typeof createBillingSandbox>;
