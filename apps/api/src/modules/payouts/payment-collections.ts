import type { Executor } from '../../db/client.ts';
import type { CollectedPayment, PaymentLedger, RefundedPayment } from '../../lib/payment-ledger.ts';
import * as repo from './ledger.repository.ts';
import { sessionMoney, takeBack, type Part } from './session-money.ts';

/** Who bears the provider's fee, in this order, each only up to what is left of its part of the session. */
const FEE_BEARERS: readonly Part[] = ['platform_fee', 'reseller_share', 'unallocated'];

/**
 * The fee's postings: out of the session's platform fee first (the platform chose the provider and sets the
 * prices; the host's and the reseller's agreed shares are of the price), then the reseller's part, then revenue
 * still waiting for a share, then the host's part — never more than is left of any of them. A fee larger than the
 * whole session (a zero-priced session) is the platform's.
 */
export const feePostings = (fee: number, left: Record<Part, number>, hostReleased: number) => {
  const postings: repo.Posting[] = [{ account: 'provider_fee', amount: fee }];
  let rest = fee;
  for (const part of FEE_BEARERS) {
    const taken = Math.min(rest, Math.max(0, left[part]));
    if (taken > 0) postings.push({ account: part, amount: -taken });
    rest -= taken;
  }
  const fromHost = Math.min(rest, Math.max(0, hostReleased));
  rest -= fromHost;
  if (rest > 0) postings.push({ account: 'platform_fee', amount: -rest });
  return { postings, fromHost };
};

/**
 * What driver payments tell the ledger (decision 082), in their own transaction.
 * collected: the session's receivable becomes collected revenue, the host's held part becomes available, and the
 * provider's fee is booked — once per session: a second call for the same session books nothing.
 * refunded: the refunded amount is taken back from what is left of the session's parts, once per provider refund.
 */
export const createPaymentLedger = (): PaymentLedger => ({
  collected: async (tx: Executor, payment: CollectedPayment) => {
    if (await repo.movementExists(tx, 'payment_collected', payment.sessionId)) return;
    const money = await sessionMoney(tx, payment.locationId, payment.sessionId);
    // Not priced in this ledger (or already collected at pricing, before decision 082): there is nothing held to release.
    if (!money || money.collected || money.receivableAccount !== 'session_receivable') return;
    const receivable = -money.on('session_receivable');
    const held = money.left.host_share_uncollected;
    // Written off in full: nothing is left to collect, and a movement of nothing would not be there to stop a second
    // call from booking its fee alone. The write-off stands.
    if (receivable <= 0 && held <= 0) return;
    const fee = Math.max(0, payment.providerFee);
    const { postings: fees, fromHost } = feePostings(fee, money.left, held);
    await repo.appendMovement(tx, {
      locationId: payment.locationId,
      currency: money.currency,
      event: 'payment_collected',
      reference: payment.sessionId,
      sessionId: payment.sessionId,
      occurredAt: payment.at,
      postings: [
        { account: 'session_receivable', amount: receivable },
        { account: 'session_revenue', amount: -receivable },
        { account: 'host_share_uncollected', amount: -held },
        { account: 'host_share', amount: held - fromHost },
        ...fees,
      ],
    });
  },

  refunded: async (tx: Executor, refund: RefundedPayment) => {
    if (await repo.movementExists(tx, 'payment_refunded', refund.providerRefundId)) return;
    const money = await sessionMoney(tx, refund.locationId, refund.sessionId);
    if (!money) return;
    // The provider keeps its fee on a refund, so the driver can get back more than the shares still hold: the
    // platform bears the difference (it bore the fee).
    const fromParts = Math.min(refund.amount, Math.max(0, money.remaining));
    await repo.appendMovement(tx, {
      locationId: refund.locationId,
      currency: money.currency,
      event: 'payment_refunded',
      reference: refund.providerRefundId,
      sessionId: refund.sessionId,
      occurredAt: refund.at,
      postings: [
        { account: 'refund', amount: refund.amount },
        ...takeBack(fromParts, money.left),
        { account: 'platform_fee', amount: -(refund.amount - fromParts) },
      ],
    });
  },
});
