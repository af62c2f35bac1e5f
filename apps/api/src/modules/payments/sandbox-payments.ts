import type { SandboxCard } from './sandbox-cards.ts';
import type { SandboxEvents, SandboxState } from './sandbox-state.ts';
import { invalid, metadataOf, missing, newId, seconds, type SandboxAnswer, type SandboxExtension, type SandboxRequest } from './sandbox-wire.ts';

type Charge = { id: string; amount: number; currency: string; fee: number; balanceTransaction: string; refunded: number };
type Intent = {
  id: string;
  amount: number;
  currency: string;
  customer: string;
  paymentMethod: string;
  status: 'succeeded' | 'requires_payment_method';
  metadata: Record<string, string>;
  charge: string | null;
  created: number;
  error: string | null;
};
type Refund = {
  id: string;
  amount: number;
  currency: string;
  paymentIntent: string;
  charge: string;
  metadata: Record<string, string>;
  created: number;
};
type Replay = { path: string; params: string; answer: SandboxAnswer };

/** Stripe's US card pricing, which the sandbox's balance transactions show: 2.9 % + 30¢. */
export const sandboxCardFee = (amount: number) => Math.round(amount * 0.029) + 30;

/** The parameters that make a request "the same" for Stripe's idempotency check (expand is not one of them). */
const fingerprint = (params: URLSearchParams) =>
  [...params]
    .filter(([key]) => !key.startsWith('expand'))
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&');

/**
 * PaymentIntents and Refunds of the Stripe sandbox, in Stripe's wire format: an off-session PaymentIntent
 * confirmed at creation charges a card saved on the sandbox's card page (4000…0341 is declined with 402
 * card_declined, and the declined intent is kept as Stripe keeps it), its charge's balance transaction shows
 * Stripe's fee; a refund gives back part or all of a charge. A POST repeated with its Idempotency-Key and the
 * same parameters answers the first outcome; with other parameters it is refused, as Stripe does.
 */
export const createPaymentsSandbox = ({
  state,
  now,
  paymentMethod,
  events,
}: {
  state: SandboxState;
  now: () => Date;
  paymentMethod: (id: string) => { customer: string | null; card: SandboxCard } | undefined;
  events?: SandboxEvents;
}) => {
  const intents = state.collection<Intent>('payment_intent');
  const charges = state.collection<Charge>('charge');
  const refunds = state.collection<Refund>('refund');
  const replays = state.collection<Replay>('idempotency_payments');

  const balanceJson = (charge: Charge) => ({
    id: charge.balanceTransaction,
    object: 'balance_transaction',
    amount: charge.amount,
    currency: charge.currency,
    fee: charge.fee,
    net: charge.amount - charge.fee,
    type: 'charge',
  });
  const chargeJson = (charge: Charge, expand: string[]) => ({
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_refunded: charge.refunded,
    currency: charge.currency,
    paid: true,
    refunded: charge.refunded >= charge.amount,
    status: 'succeeded',
    balance_transaction: expand.includes('latest_charge.balance_transaction') ? balanceJson(charge) : charge.balanceTransaction,
  });
  const intentJson = (intent: Intent, expand: string[]) => {
    const charge = intent.charge ? charges.get(intent.charge) : undefined;
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: intent.status === 'succeeded' ? intent.amount : 0,
      currency: intent.currency,
      customer: intent.customer,
      payment_method: intent.paymentMethod,
      status: intent.status,
      metadata: intent.metadata,
      created: intent.created,
      livemode: false,
      latest_charge: charge && expand.some((path) => path.startsWith('latest_charge')) ? chargeJson(charge, expand) : (intent.charge ?? null),
      last_payment_error: intent.error ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: intent.error } : null,
    };
  };
  const refundJson = (refund: Refund) => ({
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    currency: refund.currency,
    payment_intent: refund.paymentIntent,
    charge: refund.charge,
    metadata: refund.metadata,
    created: refund.created,
    status: 'succeeded',
  });

  const createIntent = (params: URLSearchParams, expand: string[]): SandboxAnswer => {
    const amount = Number(params.get('amount'));
    if (!Number.isInteger(amount) || amount < 50) return invalid('Amount must be at least $0.50 usd', 'amount');
    const currency = (params.get('currency') ?? '').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) return invalid('Missing required param: currency.', 'currency');
    const customer = params.get('customer') ?? '';
    const methodId = params.get('payment_method') ?? '';
    const method = paymentMethod(methodId);
    if (!method) return missing('PaymentMethod', methodId, 'payment_method');
    if (method.customer !== customer) return invalid('The provided PaymentMethod is not attached to this customer.', 'payment_method');
    if (params.get('confirm') !== 'true' || params.get('off_session') !== 'true')
      return invalid('The sandbox supports off-session PaymentIntents confirmed at creation only.', 'confirm');
    const intent: Intent = {
      id: newId('pi'),
      amount,
      currency,
      customer,
      paymentMethod: methodId,
      status: 'requires_payment_method',
      metadata: metadataOf(params),
      charge: null,
      created: seconds(now()),
      error: null,
    };
    if (method.card.declinesCharges) {
      intent.error = 'Your card was declined.';
      intents.set(intent.id, intent);
      const body = intentJson(intent, []);
      events?.emit('payment_intent.payment_failed', body);
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: body,
          },
        },
      };
    }
    const charge: Charge = { id: newId('ch'), amount, currency, fee: sandboxCardFee(amount), balanceTransaction: newId('txn'), refunded: 0 };
    charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.charge = charge.id;
    intents.set(intent.id, intent);
    events?.emit('payment_intent.succeeded', intentJson(intent, []));
    return { status: 200, body: intentJson(intent, expand) };
  };

  const createRefund = (params: URLSearchParams): SandboxAnswer => {
    const intentId = params.get('payment_intent') ?? '';
    const intent = intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId, 'payment_intent');
    const charge = intent.charge ? charges.get(intent.charge) : undefined;
    if (!charge) return invalid(`PaymentIntent ${intentId} does not have a successful charge to refund.`, 'payment_intent');
    const left = charge.amount - charge.refunded;
    const amount = params.has('amount') ? Number(params.get('amount')) : left;
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid positive integer', 'amount');
    if (amount > left) return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount');
    charge.refunded += amount;
    charges.set(charge.id, charge);
    const refund: Refund = {
      id: newId('re'),
      amount,
      currency: charge.currency,
      paymentIntent: intentId,
      charge: charge.id,
      metadata: metadataOf(params),
      created: seconds(now()),
    };
    refunds.set(refund.id, refund);
    events?.emit('charge.refunded', chargeJson(charge, []));
    return { status: 200, body: refundJson(refund) };
  };

  const route = ({ method, path, params }: SandboxRequest): SandboxAnswer | undefined => {
    const [, resource, id] = /^\/v1\/(payment_intents|refunds)(?:\/([a-z]+_[A-Za-z0-9_]+))?$/.exec(path) ?? [];
    if (!resource) return undefined;
    const expand = [...params].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
    if (resource === 'payment_intents' && method === 'POST' && !id) return createIntent(params, expand);
    if (resource === 'payment_intents' && method === 'GET' && id) {
      const intent = intents.get(id);
      return intent ? { status: 200, body: intentJson(intent, expand) } : missing('payment_intent', id);
    }
    if (resource === 'refunds' && method === 'POST' && !id) return createRefund(params);
    if (resource === 'refunds' && method === 'GET' && id) {
      const refund = refunds.get(id);
      return refund ? { status: 200, body: refundJson(refund) } : missing('refund', id);
    }
    return undefined;
  };

  /** Stripe keeps a key's first outcome (a decline too) and refuses the key with other parameters. */
  const handle: SandboxExtension = (request) => {
    if (request.method !== 'POST' || !request.idempotencyKey || !/^\/v1\/(payment_intents|refunds)$/.test(request.path)) return route(request);
    const params = fingerprint(request.params);
    const earlier = replays.get(request.idempotencyKey);
    if (earlier && (earlier.path !== request.path || earlier.params !== params)) {
      return {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
          },
        },
      };
    }
    if (earlier) return earlier.answer;
    const answer = route(request);
    if (answer && answer.status < 500) replays.set(request.idempotencyKey, { path: request.path, params, answer });
    return answer;
  };

  return { handle };
};

export type PaymentsSandbox = ReturnType<typeof createPaymentsSandbox>;
