import { z } from 'zod';
import { cardBrandSchema } from './billing.ts';
import { idSchema, pagedSchema, paginationQuerySchema } from './common.ts';
import { fieldLabels, schemaMessages } from '../schema-messages.ts';
import { validationMessages as m } from '../messages.ts';

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

/** A driver's card on file as the dashboard shows it: never more than the provider lets anyone read. */
export const driverCardSchema = z.object({
  brand: cardBrandSchema,
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  status: z.enum(PAYMENT_METHOD_STATUSES),
  updatedAt: z.string(),
});
export type DriverCard = z.infer<typeof driverCardSchema>;

/** The card a driver's sessions are charged to: a sub-user's is its main user's (`accountDriverId`). */
export const driverPaymentMethodSchema = z.object({
  driverId: z.string(),
  accountDriverId: z.string(),
  card: driverCardSchema.nullable(),
  /** The account has a payment out of retries: Authorize refuses until the card is replaced. */
  hasFailedPayment: z.boolean(),
  sandbox: z.boolean(),
});
export type DriverPaymentMethod = z.infer<typeof driverPaymentMethodSchema>;

export const completeDriverCardBodySchema = z.object({
  sessionId: z.string({ error: m.isRequired(fieldLabels.sessionId) }).regex(/^cs_[A-Za-z0-9_]{1,200}$/, { error: schemaMessages.sessionIdInvalid }),
});
export type CompleteDriverCardBody = z.infer<typeof completeDriverCardBodySchema>;
export const driverCardResultSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  paymentMethod: driverPaymentMethodSchema,
});

/** One session's payment, for the driver's history and a location's unpaid sessions. */
export const sessionPaymentSchema = z.object({
  sessionId: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  timeZone: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(SESSION_PAYMENT_STATUSES),
  providerPaymentId: z.string().nullable(),
  providerFeeMinor: z.number().int().nullable(),
  refundedMinor: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SessionPayment = z.infer<typeof sessionPaymentSchema>;
export const sessionPaymentPageSchema = pagedSchema(sessionPaymentSchema);

export const sessionPaymentListQuerySchema = paginationQuerySchema.extend({ status: z.enum(SESSION_PAYMENT_STATUSES).optional() });
export type SessionPaymentListQuery = z.infer<typeof sessionPaymentListQuerySchema>;
/** A location's sessions not paid yet (pending and failed) by default. */
export const locationSessionPaymentsQuerySchema = paginationQuerySchema.extend({
  locationId: idSchema,
  status: z.enum(SESSION_PAYMENT_STATUSES).optional(),
});
export type LocationSessionPaymentsQuery = z.infer<typeof locationSessionPaymentsQuerySchema>;
export const sessionPaymentParamsSchema = z.object({ sessionId: idSchema });
export const sessionPaymentAnswerSchema = z.object({ payment: sessionPaymentSchema.nullable() });

export const locationPaymentRuleQuerySchema = z.object({ locationId: idSchema });
export const locationPaymentRuleBodySchema = z.object({
  locationId: idSchema,
  unpaidSessionRule: z.enum(UNPAID_SESSION_RULES, { error: m.mustBeOneOf(fieldLabels.rule, 'receivable', 'refuse') }),
});
export type LocationPaymentRuleBody = z.infer<typeof locationPaymentRuleBodySchema>;
export const locationPaymentRuleSchema = z.object({ locationId: z.string(), unpaidSessionRule: z.enum(UNPAID_SESSION_RULES) });
export type LocationPaymentRule = z.infer<typeof locationPaymentRuleSchema>;
