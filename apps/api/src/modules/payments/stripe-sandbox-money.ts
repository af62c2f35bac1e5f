import { randomBytes } from 'node:crypto';
import type { SandboxEvents, SandboxState } from './sandbox-state.ts';

/** What a test (or a person trying failure paths) can make the sandbox do to the next money call. */
export type SandboxFault = 'refuse' | 'lose-answer';
type Answer = { status: number; body: object; loseAnswer?: boolean };
type Replay = { params: string; body: Record<string, unknown> };
type Transfer = Record<string, unknown> & { id: string; amount: number; amount_reversed: number };
/** A payout as the sandbox keeps it: Stripe's object, the account it pays out of, when it lands and how. */
type StoredPayout = { payout: Record<string, unknown> & { id: string; status: string }; account: string; arrivesAt: number; failWith: string | null };

/** How long a sandbox payout stays in transit before it is paid (SANDBOX_PAYOUT_DELAY_SECONDS), as a bank transfer takes time. */
export const SANDBOX_PAYOUT_ARRIVAL_MS = 60_000;

const stripeError = (status: number, type: string, code: string, message: string): Answer => ({ status, body: { error: { type, code, message } } });

export type SandboxMoneyOptions = { state: SandboxState; events: SandboxEvents; now: () => Date; payoutDelayMs?: number };

/**
 * Transfers, their reversals and payouts in Stripe's wire format (POST /v1/transfers, POST /v1/transfers/:id/reversals,
 * POST /v1/payouts, GET /v1/payouts/:id) for the sandbox. Idempotency keys are honoured as Stripe does: the same key
 * with the same parameters answers the first object again; with other parameters it is an error. Only the first call
 * creates money. A payout lands by itself after the delay (payout.paid, or payout.failed when rehearsed).
 */
export const createSandboxMoney = ({ state, events, now, payoutDelayMs = SANDBOX_PAYOUT_ARRIVAL_MS }: SandboxMoneyOptions) => {
  const replays = state.collection<Replay>('replay');
  const transfers = state.collection<Transfer>('transfer');
  const payouts = state.collection<StoredPayout>('payout');
  // Rehearsal aids for tests, not provider state: they stay in memory.
  const faults: SandboxFault[] = [];
  const bankFailures: string[] = [];
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
    const replayId = `idem_money:${key ?? ''}`;
    const stored = key ? replays.get(replayId) : undefined;
    if (stored && stored.params !== canonical)
      return stripeError(
        400,
        'idempotency_error',
        'idempotency_key_in_use',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    const body = stored?.body ?? create();
    if (key && !stored) replays.set(replayId, { params: canonical, body });
    return { status: 200, body, ...(fault === 'lose-answer' ? { loseAnswer: true } : {}) };
  };

  /** Lands every payout whose arrival has come (by the sandbox's clock); answers how many landed. */
  const settleDue = (): number => {
    let landed = 0;
    for (const stored of payouts.values()) {
      if (stored.payout.status !== 'in_transit' || stored.arrivesAt > now().getTime()) continue;
      const payout = { ...stored.payout, status: stored.failWith ? 'failed' : 'paid', failure_message: stored.failWith };
      payouts.set(payout.id, { ...stored, payout });
      events.emit(stored.failWith ? 'payout.failed' : 'payout.paid', payout);
      landed += 1;
    }
    return landed;
  };

  const createTransfer = (key: string | undefined, params: URLSearchParams, amount: number): Answer =>
    idempotent(key, params, () => {
      created.transfers += 1;
      const transfer: Transfer = {
        id: `tr_sbx${randomBytes(8).toString('hex')}`,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        reversed: false,
        currency: params.get('currency'),
        destination: params.get('destination'),
        transfer_group: params.get('transfer_group'),
        livemode: false,
        created: Math.floor(now().getTime() / 1000),
      };
      transfers.set(transfer.id, transfer);
      return transfer;
    });

  /** Takes money back from the connected account, as Stripe does for a refund that reverses the host's share. */
  const reverseTransfer = (id: string, key: string | undefined, params: URLSearchParams): Answer => {
    const transfer = transfers.get(id);
    if (!transfer) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such transfer: '${id}'`);
    const left = transfer.amount - transfer.amount_reversed;
    const amount = params.has('amount') ? Number(params.get('amount')) : left;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
      return stripeError(400, 'invalid_request_error', 'parameter_invalid', `Reversal amount must be between 1 and ${left}`);
    return idempotent(key, new URLSearchParams([...params.entries(), ['transfer', id]]), () => {
      const reversed = {
        ...transfer,
        amount_reversed: transfer.amount_reversed + amount,
        reversed: transfer.amount_reversed + amount === transfer.amount,
      };
      transfers.set(id, reversed);
      events.emit('transfer.reversed', reversed);
      return {
        id: `trr_sbx${randomBytes(8).toString('hex')}`,
        object: 'transfer_reversal',
        amount,
        currency: transfer.currency,
        transfer: id,
        created: Math.floor(now().getTime() / 1000),
      };
    });
  };

  const createPayout = (key: string | undefined, params: URLSearchParams, amount: number, account: string): Answer =>
    idempotent(key, new URLSearchParams([...params.entries(), ['account', account]]), () => {
      created.payouts += 1;
      const arrivesAt = now().getTime() + payoutDelayMs;
      const payout = {
        id: `po_sbx${randomBytes(8).toString('hex')}`,
        object: 'payout',
        amount,
        currency: params.get('currency'),
        status: 'in_transit',
        arrival_date: Math.floor(arrivesAt / 1000),
        failure_message: null,
        metadata: Object.fromEntries(
          [...params.entries()].flatMap(([k, v]) => (/^metadata\[(\w+)\]$/.exec(k)?.slice(1, 2) ?? []).map((name) => [name, v])),
        ),
        livemode: false,
        account,
      };
      payouts.set(payout.id, { payout, account, arrivesAt, failWith: bankFailures.shift() ?? null });
      return payout;
    });

  const handle = (
    request: { method: string; path: string; idempotencyKey: string | undefined; account?: string | undefined },
    params: URLSearchParams,
  ): Answer | undefined => {
    const { method, path, idempotencyKey: key, account } = request;
    const amount = Number(params.get('amount'));
    const valid = Number.isSafeInteger(amount) && amount > 0 && /^[a-z]{3}$/.test(params.get('currency') ?? '');
    if (method === 'POST' && path === '/v1/transfers') {
      if (!valid) return stripeError(400, 'invalid_request_error', 'parameter_invalid', 'Invalid amount or currency');
      if (!params.get('destination')?.startsWith('acct_'))
        return stripeError(400, 'invalid_request_error', 'resource_missing', `No such destination: '${params.get('destination') ?? ''}'`);
      return createTransfer(key, params, amount);
    }
    const reversal = /^\/v1\/transfers\/(tr_\w+)\/reversals$/.exec(path);
    if (method === 'POST' && reversal) return reverseTransfer(reversal[1]!, key, params);
    if (method === 'POST' && path === '/v1/payouts') {
      if (!valid) return stripeError(400, 'invalid_request_error', 'parameter_invalid', 'Invalid amount or currency');
      if (!account)
        return stripeError(400, 'invalid_request_error', 'parameter_missing', 'The sandbox pays out connected accounts only: send Stripe-Account');
      return createPayout(key, params, amount, account);
    }
    const match = /^\/v1\/payouts\/(po_\w+)$/.exec(path);
    if (method === 'GET' && match) {
      settleDue();
      const stored = payouts.get(match[1]!);
      if (!stored || stored.account !== account)
        return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payout: '${match[1]}'`);
      return { status: 200, body: stored.payout };
    }
    return undefined;
  };

  return {
    handle,
    settleDue,
    /** Whether a payout is still on its way (the sandbox then looks at the clock now and then). */
    inTransit: () => payouts.values().some((stored) => stored.payout.status === 'in_transit'),
    /** The next money calls fail this way, in order. */
    failNext: (...next: SandboxFault[]) => faults.push(...next),
    /** The next payout created is refused by the bank when it lands (payout.failed with this message). */
    failNextPayout: (message = 'The bank account has been closed.') => void bankFailures.push(message),
    /** Forgets faults no call has used yet (a call that never reached the provider leaves its fault for the next). */
    clearFaults: () => faults.splice(0).length + bankFailures.splice(0).length,
    created,
  };
};
