import { AppError, type Refund, type RefundBody } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import * as repo from './ledger.repository.ts';
import { lockLocation } from './transfers.repository.ts';

const PARTS = ['host_share', 'reseller_share', 'platform_fee', 'unallocated'] as const;
type Part = (typeof PARTS)[number];

/**
 * Splits `amount` over what is left of each part, in proportion, by largest remainder in integers: the
 * pieces add up to `amount` exactly, and refunding all that is left takes each part back to zero.
 */
export const splitRefund = (amount: number, left: Record<Part, number>): Record<Part, number> => {
  const total = PARTS.reduce((sum, part) => sum + left[part], 0);
  const exact = PARTS.map((part) => BigInt(amount) * BigInt(left[part]));
  const pieces = exact.map((value) => Number(value / BigInt(total)));
  let rest = amount - pieces.reduce((sum, piece) => sum + piece, 0);
  const order = PARTS.map((_, n) => n).sort((a, b) => Number((exact[b]! % BigInt(total)) - (exact[a]! % BigInt(total))) || a - b);
  for (const n of order) {
    if (rest === 0) break;
    pieces[n] = pieces[n]! + 1;
    rest -= 1;
  }
  return Object.fromEntries(PARTS.map((part, n) => [part, pieces[n]!])) as Record<Part, number>;
};

const toRefund = (sessionId: string, currency: string, postings: { account: string; amount: number }[]): Refund => {
  const taken = (account: Part) => -(postings.find((posting) => posting.account === account)?.amount ?? 0);
  return {
    sessionId,
    currency,
    amount: postings.find((posting) => posting.account === 'refund')?.amount ?? 0,
    hostShare: taken('host_share'),
    resellerShare: taken('reseller_share'),
    platformFee: taken('platform_fee'),
    unallocated: taken('unallocated'),
  };
};

/**
 * Refunds of priced sessions (decision 051): their own ledger movement, moving the refunded amount out of
 * the session's shares into `refund`, in proportion to what is left of each. Idempotent by the client's key.
 */
export const createRefundsService = ({ db, now }: { db: Database; now: () => Date }) => {
  const refund = async (actor: Actor, body: RefundBody): Promise<{ refund: Refund; repeated: boolean }> =>
    db.transaction(async (tx) => {
      await lockLocation(tx, body.locationId);
      const earlier = await repo.refundByKey(tx, body.idempotencyKey);
      if (earlier.length > 0) {
        const same = earlier[0]!.sessionId === body.sessionId && earlier.find((row) => row.account === 'refund')?.amount === body.amount;
        if (!same) throw new AppError('REFUND_KEY_REUSED');
        return { refund: toRefund(body.sessionId, earlier[0]!.currency, earlier), repeated: true };
      }
      const parts = await repo.sessionParts(tx, body.locationId, body.sessionId);
      const revenue = parts.find((row) => row.account === 'session_revenue');
      if (!revenue) throw new AppError('SESSION_NOT_FOUND');
      const left = Object.fromEntries(PARTS.map((part) => [part, parts.find((row) => row.account === part)?.total ?? 0])) as Record<Part, number>;
      const remaining = PARTS.reduce((sum, part) => sum + left[part], 0);
      if (body.amount > remaining)
        throw new AppError('REFUND_TOO_LARGE', {
          messages: ['The refund is more than what is left of the session after earlier refunds', `At most ${remaining} can be refunded`],
        });
      const pieces = splitRefund(body.amount, left);
      const postings = [{ account: 'refund' as const, amount: body.amount }, ...PARTS.map((part) => ({ account: part, amount: -pieces[part] }))];
      await repo.appendMovement(tx, {
        locationId: body.locationId,
        currency: revenue.currency,
        event: 'refund',
        reference: body.idempotencyKey,
        sessionId: body.sessionId,
        occurredAt: now(),
        postings,
      });
      await recordActivity(tx, actor, {
        action: 'payouts.session_refunded',
        entity: 'session',
        entityId: body.sessionId,
        locationId: body.locationId,
        changes: {
          refunded: { before: null, after: body.amount },
          currency: { before: null, after: revenue.currency },
          ...(body.reason ? { reason: { before: null, after: body.reason } } : {}),
        },
      });
      return { refund: toRefund(body.sessionId, revenue.currency, postings), repeated: false };
    });

  return { refund };
};

export type RefundsService = ReturnType<typeof createRefundsService>;
