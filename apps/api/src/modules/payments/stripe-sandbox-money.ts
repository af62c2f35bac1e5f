import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a test (or a person trying failure paths) can make the sandbox do to the next money call. */
export type SandboxFault = 'refuse' | 'lose-answer';
type Answer = { status: number; body: object; loseAnswer?: boolean };
type StoredObject = { params: string; body: Record<string, unknown> };

/** How long a sandbox payout stays in transit before it is paid, as the provider's bank transfer takes time. */
export const SANDBOX_PAYOUT_ARRIVAL_MS = 60_000;

const stripeError = (status: number, type: string, code: string, message: string): Answer => ({ status, body: { error: { type, code, message } } });

/**
 * Transfers and payouts in Stripe's wire format (POST /v1/transfers, POST /v1/payouts, GET /v1/payouts/:id)
 * for the sandbox. Idempotency keys are honoured as Stripe does: the same key with the same parameters
 * answers the first object again; with other parameters it is an error. Only the first call creates money.
 */
export const createSandboxMoney = (now: () => Date) => {
  const byKey = new Map<string, StoredObject>();
  const payouts = new Map<string, Record<string, unknown>>();
  const faults: SandboxFault[] = [];
  const created = { transfers: 0, payouts: 0 };

  const idempotent = (key: string | undefined, params: URLSearchParams, create: () => Record<string, unknown>): Answer => {
    const fault = faults.shift();
    if (fault === 'refuse')
      return stripeError(
        400,
        'invalid_request_error',
        'balance_insufficient',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers',
      );
    const canonical = [...params.entries()]
      .sort()
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const stored = key ? byKey.get(key) : undefined;
    if (stored && stored.params !== canonical)
      return stripeError(
        400,
        'idempotency_error',
        'idempotency_key_in_use',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    const body = stored?.body ?? create();
    if (key && !stored) byKey.set(key, { params: canonical, body });
    return { status: 200, body, ...(fault === 'lose-answer' ? { loseAnswer: true } : {}) };
  };

  const handle = (request: IncomingMessage, params: URLSearchParams): Answer | undefined => {
    const key = request.headers['idempotency-key'] as string | undefined;
    const account = request.headers['stripe-account'] as string | undefined;
    const amount = Number(params.get('amount'));
    const valid = Number.isSafeInteger(amount) && amount > 0 && /^[a-z]{3}$/.test(params.get('currency') ?? '');
    if (request.method === 'POST' && request.url === '/v1/transfers') {
      if (!valid) return stripeError(400, 'invalid_request_error', 'parameter_invalid', 'Invalid amount or currency');
      if (!params.get('destination')?.startsWith('acct_'))
        return stripeError(400, 'invalid_request_error', 'resource_missing', `No such destination: '${params.get('destination') ?? ''}'`);
      return idempotent(key, params, () => {
        created.transfers += 1;
        return {
          id: `tr_sbx${randomBytes(8).toString('hex')}`,
          object: 'transfer',
          amount,
          currency: params.get('currency'),
          destination: params.get('destination'),
          transfer_group: params.get('transfer_group'),
          livemode: false,
          created: Math.floor(now().getTime() / 1000),
        };
      });
    }
    if (request.method === 'POST' && request.url === '/v1/payouts') {
      if (!valid) return stripeError(400, 'invalid_request_error', 'parameter_invalid', 'Invalid amount or currency');
      if (!account)
        return stripeError(400, 'invalid_request_error', 'parameter_missing', 'The sandbox pays out connected accounts only: send Stripe-Account');
      return idempotent(key, new URLSearchParams([...params.entries(), ['account', account]]), () => {
        created.payouts += 1;
        const payout = {
          id: `po_sbx${randomBytes(8).toString('hex')}`,
          object: 'payout',
          amount,
          currency: params.get('currency'),
          status: 'in_transit',
          arrival_date: Math.floor((now().getTime() + SANDBOX_PAYOUT_ARRIVAL_MS) / 1000),
          failure_message: null,
          metadata: Object.fromEntries(
            [...params.entries()].flatMap(([k, v]) => (/^metadata\[(\w+)\]$/.exec(k)?.slice(1, 2) ?? []).map((name) => [name, v])),
          ),
          livemode: false,
          account,
        };
        payouts.set(payout.id, payout);
        return payout;
      });
    }
    const match = /^\/v1\/payouts\/(po_[\w]+)/.exec(request.url ?? '');
    if (request.method === 'GET' && match) {
      const payout = payouts.get(match[1]!);
      if (!payout || payout.account !== account)
        return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payout: '${match[1]}'`);
      const arrived = Number(payout.arrival_date) * 1000 <= now().getTime();
      return { status: 200, body: { ...payout, status: arrived ? 'paid' : payout.status } };
    }
    return undefined;
  };

  return {
    handle,
    /** The next money calls fail this way, in order. */
    failNext: (...next: SandboxFault[]) => faults.push(...next),
    /** Forgets faults no call has used yet (a call that never reached the provider leaves its fault for the next). */
    clearFaults: () => faults.splice(0).length,
    created,
  };
};
