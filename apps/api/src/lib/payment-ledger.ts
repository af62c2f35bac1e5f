import type { Executor } from '../db/client.ts';

/** A session's card payment that succeeded: what the driver paid, and what the provider kept. */
export type CollectedPayment = {
  sessionId: string;
  locationId: string;
  currency: string;
  amount: number;
  providerFee: number;
  providerPaymentId: string;
  at: Date;
};

/** Money given back to the driver through the provider, for one session. */
export type RefundedPayment = {
  sessionId: string;
  locationId: string;
  currency: string;
  amount: number;
  providerRefundId: string;
  reason: string | null;
  at: Date;
};

/**
 * What driver payments tell the ledger, in the transaction that records the payment's new state: the payouts
 * module books it (collected → the shares become available; refunded → the shares are reversed). Here, in lib/,
 * because both modules hold to it and neither may import the other's files.
 */
export type PaymentLedger = {
  collected(tx: Executor, payment: CollectedPayment): Promise<void>;
  refunded(tx: Executor, payment: RefundedPayment): Promise<void>;
};
