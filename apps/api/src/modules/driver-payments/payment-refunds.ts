import { AppError } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import * as repo from './driver-payments.repository.ts';
import { GatewayError, type DriverPaymentGateway } from './payment-gateway.ts';
import type { PaymentLedger } from '../../lib/payment-ledger.ts';

/**
 * Money given back to a driver through the provider's Refund API (issue 43): part or all of what is left of a paid
 * session. The idempotency key names the session and what was refunded before, so a repeated request refunds once
 * and two different refunds at once cannot both pass on one stale balance.
 */
export const createPaymentRefunds = ({
  db,
  now,
  gateway,
  ledger,
}: {
  db: Database;
  now: () => Date;
  gateway: DriverPaymentGateway;
  ledger: PaymentLedger | null;
}) => {
  /**
   * Gives `amount` of a paid session back through the provider. The key is the caller's (the payouts refund action
   * passes its client's), else one per refunded total, so a retried call never refunds twice.
   */
  const refundPayment = async (
    actor: Actor,
    sessionId: string,
    amount: number,
    reason: string | null,
    idempotencyKey?: string,
  ): Promise<repo.PaymentRow & { providerRefundId: string }> => {
    const payment = await repo.findPayment(db, sessionId);
    if (!payment) throw new AppError('SESSION_PAYMENT_NOT_FOUND');
    const left = payment.amount - payment.refunded;
    if (payment.status !== 'paid' || !payment.providerPaymentId || !Number.isInteger(amount) || amount < 1 || amount > left)
      throw new AppError('SESSION_PAYMENT_NOT_REFUNDABLE');
    let refundId: string;
    try {
      ({ refundId } = await gateway.refund({
        paymentId: payment.providerPaymentId,
        amount,
        reason,
        idempotencyKey: idempotencyKey ? `wd_refund_${idempotencyKey}` : `wd_refund_${sessionId}_${payment.refunded}`,
      }));
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      throw new AppError(error.kind === 'unreachable' ? 'SESSION_REFUND_UNAVAILABLE' : 'SESSION_REFUND_FAILED', {
        messages: ['The provider refused the refund', error.reason],
      });
    }
    const row = await db.transaction(async (tx) => {
      const current = await repo.findPayment(tx, sessionId, true);
      // Another request recorded this very refund (the same key answered it twice): nothing more to book.
      if (!current || current.refunded !== payment.refunded) return current ?? payment;
      const refunded = current.refunded + amount;
      const updated = await repo.updatePayment(tx, sessionId, { refunded, status: refunded >= current.amount ? 'refunded' : 'paid' });
      await ledger?.refunded(tx, {
        sessionId,
        locationId: current.locationId,
        currency: current.currency,
        amount,
        providerRefundId: refundId,
        reason,
        at: now(),
      });
      await recordActivity(tx, actor, {
        action: 'driver_payments.refund',
        entity: 'session',
        entityId: sessionId,
        locationId: current.locationId,
        changes: { refundedMinor: { before: current.refunded, after: refunded }, reason: { before: null, after: reason } },
      });
      return updated;
    });
    return { ...row, providerRefundId: refundId };
  };

  return { refundPayment };
};
export type PaymentRefunds = ReturnType<typeof createPaymentRefunds>;
