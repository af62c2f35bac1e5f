/**
 * Money in (issue 43): a driver's card on file and the payment of each priced session. The constants the
 * database, the API and the screens share; the request and answer schemas of the driver-payments routes join them.
 */

/** A session's payment: pending (to charge or retrying), paid, failed (out of retries), refunded (in full). */
export const SESSION_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type SessionPaymentStatus = (typeof SESSION_PAYMENT_STATUSES)[number];
export const SESSION_PAYMENT_STATUS_LABELS: Record<SessionPaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** A card on file: usable, or refused by the provider so the driver must replace it. */
export const PAYMENT_METHOD_STATUSES = ['active', 'requires_update'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

/** What a location does with a driver who has no card on file: refuse at Authorize, or charge and record a receivable. */
export const UNPAID_SESSION_RULES = ['receivable', 'refuse'] as const;
export type UnpaidSessionRule = (typeof UNPAID_SESSION_RULES)[number];
