import { AppError, type Refund, type RefundBody } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import * as repo from './ledger.repository.ts';
import { sessionMoney, takeBack, type SessionMoney } from './session-money.ts';
import { lockLocation } from './transfers.repository.ts';

export { splitRefund } from './session-money.ts';

/**
 * The driver-payments module's refund through the provider (Stripe Refund API). It records the payment's new
 * state and tells the ledger (`PaymentLedger.refunded`) in its own transaction, and answers the provider's refund id.
 * The idempotency key is the client's, so a retried request refunds once.
 */
export type RefundPayment = (
  actor: Actor,
  sessionId: string,
  amount: number,
  reason: string | null,
  idempotencyKey: string,
) => Promise<{ providerRefundId: string }>;

export type CardRefunds = {
  /** Whether the session has a card payment that succeeded (session_payments status paid or partly refunded). */
  paidByCard: (sessionId: string) => Promise<boolean>;
  refundPayment: RefundPayment;
};

type Method = Refund['method'];

const toRefund = (sessionId: string, currency: string, method: Method, amount: number, postings: { account: string; amount: number }[]): Refund => {
  const taken = (...accounts: string[]) =>
    -postings.filter((posting) => accounts.includes(posting.account)).reduce((sum, posting) => sum + posting.amount, 0);
  return {
    sessionId,
    currency,
    amount,
    hostShare: taken('host_share', 'host_share_uncollected'),
    resellerShare: taken('reseller_share'),
    platformFee: taken('platform_fee'),
    unallocated: taken('unallocated'),
    method,
  };
};

const amountOf = (postings: { account: string; amount: number }[]) =>
  postings.find((posting) => posting.account === 'refund')?.amount ??
  postings
    .filter((posting) => posting.account === 'session_receivable' || posting.account === 'roaming_receivable')
    .reduce((sum, p) => sum + p.amount, 0);

const methodOf = (postings: { account: string }[]): Method => (postings.some((posting) => posting.account === 'refund') ? 'ledger' : 'write_off');

const tooLarge = (most: number) =>
  new AppError('REFUND_TOO_LARGE', {
    messages: ['The refund is more than what is left of the session after earlier refunds', `At most ${most} can be refunded`],
  });

/**
 * Refunds of priced sessions (decisions 051, 903). A session the driver paid by card is refunded through the
 * provider (the driver-payments module books the ledger). Otherwise the ledger alone records it, idempotent by the
 * client's key: a session nobody paid is a write-off (its receivable is given up and its shares reversed); a
 * session collected without a card payment (priced before decision 082) is refunded as before, on `refund`.
 */
export const createRefundsService = ({ db, now, cards }: { db: Database; now: () => Date; cards: CardRefunds }) => {
  const throughProvider = async (actor: Actor, body: RefundBody, money: SessionMoney) => {
    // What the driver paid and has not had back: the provider refunds at most that.
    const refundable = -money.on('session_revenue') - money.on('refund');
    if (body.amount > refundable) throw tooLarge(refundable);
    const { providerRefundId } = await cards.refundPayment(actor, body.sessionId, body.amount, body.reason ?? null, body.idempotencyKey);
    const postings = await repo.postingsOf(db, 'payment_refunded', providerRefundId);
    return { refund: toRefund(body.sessionId, money.currency, 'provider', body.amount, postings), repeated: false };
  };

  const refund = async (actor: Actor, body: RefundBody): Promise<{ refund: Refund; repeated: boolean }> => {
    const priced = await sessionMoney(db, body.locationId, body.sessionId);
    if (!priced) throw new AppError('SESSION_NOT_FOUND');
    if (priced.collected && (await cards.paidByCard(body.sessionId))) return throughProvider(actor, body, priced);
    return db.transaction(async (tx) => {
      await lockLocation(tx, body.locationId);
      const earlier = await repo.refundByKey(tx, body.idempotencyKey);
      if (earlier.length > 0) {
        const same = earlier[0]!.sessionId === body.sessionId && amountOf(earlier) === body.amount;
        if (!same) throw new AppError('REFUND_KEY_REUSED');
        return { refund: toRefund(body.sessionId, earlier[0]!.currency, methodOf(earlier), body.amount, earlier), repeated: true };
      }
      const money = (await sessionMoney(tx, body.locationId, body.sessionId))!;
      if (body.amount > money.remaining) throw tooLarge(money.remaining);
      const postings = [
        // Nobody paid: the receivable is given up. Paid before decision 082 without a card: money back, as before.
        { account: money.receivableAccount ?? ('refund' as const), amount: body.amount },
        ...takeBack(body.amount, money.left),
      ];
      await repo.appendMovement(tx, {
        locationId: body.locationId,
        currency: money.currency,
        event: 'refund',
        reference: body.idempotencyKey,
        sessionId: body.sessionId,
        occurredAt: now(),
        postings,
      });
      const method: Method = money.receivableAccount ? 'write_off' : 'ledger';
      await recordActivity(tx, actor, {
        action: 'payouts.session_refunded',
        entity: 'session',
        entityId: body.sessionId,
        locationId: body.locationId,
        changes: {
          refunded: { before: null, after: body.amount },
          currency: { before: null, after: money.currency },
          method: { before: null, after: method },
          ...(body.reason ? { reason: { before: null, after: body.reason } } : {}),
        },
      });
      return { refund: toRefund(body.sessionId, money.currency, method, body.amount, postings), repeated: false };
    });
  };

  return { refund };
};

export type RefundsService = ReturnType<typeof createRefundsService>;
