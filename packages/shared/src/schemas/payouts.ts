import { z } from 'zod';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { FULL_SHARE_BPS } from '../payouts/split.ts';
import { idSchema, pagedSchema, paginationQuerySchema, sortQuerySchema } from './common.ts';
import { currencySchema } from './tariffs.ts';
import { validationMessages as m } from '../messages.ts';

/** The accounts of the ledger (decision 040). Amounts are signed minor units; each movement sums to zero. */
/**
 * Revenue is booked as a credit (negative) on one of three accounts (decision 082): session_receivable — earned,
 * the driver has not paid yet; session_revenue — collected (the payment succeeded; sessions priced before decision
 * 903 were booked here directly); roaming_receivable — a roaming partner owes it (decision 076).
 * host_share_uncollected holds the host's part until its session is collected; host_share is what a transfer pays.
 * provider_fee is what the card provider kept of a collected payment.
 */
export const LEDGER_ACCOUNTS = [
  'session_revenue',
  'roaming_receivable',
  'session_receivable',
  'host_share_uncollected',
  'provider_fee',
  'platform_fee',
  'reseller_share',
  'host_share',
  'transfer',
  // What was paid (or is being paid) to the reseller's own connected account out of reseller_share (decision 9xx).
  'reseller_transfer',
  'refund',
  'unallocated',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const TRANSFER_STATUSES = ['pending', 'in_transit', 'paid', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  pending: 'Pending',
  in_transit: 'In transit',
  paid: 'Paid',
  failed: 'Failed',
};

export const payoutsLocationQuerySchema = z.object({ locationId: idSchema });

/** What the location owes its host now, in one currency: every figure is a sum of the ledger. */
export const balanceSchema = z.object({
  currency: z.string(),
  /** Host share not yet transferred: what a transfer would pay. */
  available: z.number().int(),
  /** In transfers that have not arrived (pending or in transit). */
  pending: z.number().int(),
  paid: z.number().int(),
  /** Host share of what was collected, less refunds and deal fees: available + pending + paid. */
  hostShare: z.number().int(),
  /** Revenue earned by priced sessions (collected, receivable and written off): the same figure as `earned`. */
  sessionRevenue: z.number().int(),
  /** Revenue earned by priced sessions, whether or not anybody has paid it yet (decision 082). */
  earned: z.number().int(),
  /** Of earned, what drivers paid (the card payment succeeded), before refunds. */
  collected: z.number().int(),
  /** Of earned, what nobody has paid yet: drivers' unpaid sessions and roaming partners' sessions. */
  receivable: z.number().int(),
  /** The host's part of the receivable: it becomes available when its session is collected. */
  hostShareHeld: z.number().int(),
  /** Receivables given up (a refund of a session nobody had paid): counted in refunded too. */
  writtenOff: z.number().int(),
  /** What the card provider kept of the collected payments (the platform bears it, decision 082). */
  providerFees: z.number().int(),
  /** What left the balance for the host's account: pending + paid. */
  paidOut: z.number().int(),
  /** Of sessionRevenue, what roaming partners owe for their drivers' sessions (decision 076). */
  roamingReceivable: z.number().int(),
  /** Session revenue paid back to drivers: sessionRevenue - refunded is what the shares split. */
  refunded: z.number().int(),
  /** Revenue of sessions priced while the location had no revenue share: not split until one is set. */
  unallocated: z.number().int(),
  /** Only for holders of Reseller_Revenue_View. */
  resellerShare: z.number().int().nullable(),
  platformFee: z.number().int().nullable(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balanceResponseSchema = z.object({ locationId: z.string(), balances: z.array(balanceSchema), connected: z.boolean() });
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export const TRANSFER_SORT_FIELDS = ['createdAt', 'amount'] as const;
export const transferListQuerySchema = paginationQuerySchema.extend({
  locationId: idSchema,
  status: z.enum(TRANSFER_STATUSES, { error: m.mustBeOneOf(fieldLabels.status, 'pending, in transit, paid', 'failed') }).optional(),
  sort: sortQuerySchema(TRANSFER_SORT_FIELDS, '-createdAt'),
});
export type TransferListQuery = z.infer<typeof transferListQuerySchema>;

export const transferSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: z.enum(TRANSFER_STATUSES),
  /** The ledger period the transfer pays out: from the previous transfer up to this one. */
  periodFrom: z.string().nullable(),
  periodTo: z.string(),
  trigger: z.enum(['manual', 'schedule']),
  failureReason: z.string().nullable(),
  providerTransferId: z.string().nullable(),
  providerPayoutId: z.string().nullable(),
  /** Where the money went: the connected Stripe account, and the bank account attached to it then (if any). */
  destination: z.string(),
  destinationBank: z.string().nullable(),
  requestedByEmail: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;
export const transferListResponseSchema = pagedSchema(transferSchema).extend({ timeZone: z.string() });
export type TransferListResponse = z.infer<typeof transferListResponseSchema>;

export const startTransferBodySchema = z.object({ locationId: idSchema });
export const transferResponseSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), transfer: transferSchema });

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const statementQuerySchema = z.object({
  locationId: idSchema,
  month: z.string().regex(MONTH, schemaMessages.monthWritten),
  format: z.enum(['csv', 'pdf'], { error: m.mustBeOneOf(fieldLabels.format, 'csv', 'pdf') }).default('csv'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

const percentSchema = (label: string) =>
  z
    .number({ error: p.percentage(label) })
    .int(p.basisPoints(label))
    .min(0, p.cannotBeNegative(label))
    .max(FULL_SHARE_BPS, p.notAboveFull(label));

const sharesSchema = z.object({
  hostBps: percentSchema(fieldLabels.hostShare),
  resellerBps: percentSchema(fieldLabels.resellerShare),
  platformBps: percentSchema(fieldLabels.platformShare),
});
const addsUp = (value: { hostBps: number; resellerBps: number; platformBps: number }) =>
  value.hostBps + value.resellerBps + value.platformBps === FULL_SHARE_BPS;
const ADDS_UP = { error: schemaMessages.sharesAddUp, path: ['hostBps'] };

export const revenueShareBodySchema = sharesSchema
  .extend({ locationId: idSchema, effectiveFrom: z.iso.datetime({ offset: true, error: 'Effective from must be a date and time' }) })
  .refine(addsUp, ADDS_UP);
export type RevenueShareBody = z.infer<typeof revenueShareBodySchema>;

export const revenueShareSchema = sharesSchema.extend({
  id: z.string(),
  effectiveFrom: z.string(),
  /** 'deal' when a revenue-share deal sets it for its term. */
  source: z.enum(['share', 'deal']),
  createdByEmail: z.string().nullable(),
});
export type RevenueShare = z.infer<typeof revenueShareSchema>;
export const revenueShareResponseSchema = z.object({ locationId: z.string(), current: revenueShareSchema, history: z.array(revenueShareSchema) });
export type RevenueShareResponse = z.infer<typeof revenueShareResponseSchema>;

export const DEAL_KINDS = ['revenue_share', 'fixed_fee'] as const;
export const dealBodySchema = z
  .discriminatedUnion(
    'kind',
    [
      sharesSchema.extend({
        kind: z.literal('revenue_share'),
        locationId: idSchema,
        startDate: z.iso.date({ error: schemaMessages.startDateDay }),
        termMonths: z.number({ error: schemaMessages.termMonths }).int().min(1, schemaMessages.termAtLeast).max(120, schemaMessages.termAtMost),
      }),
      z.object({
        kind: z.literal('fixed_fee'),
        locationId: idSchema,
        startDate: z.iso.date({ error: schemaMessages.startDateDay }),
        termMonths: z.number({ error: schemaMessages.termMonths }).int().min(1, schemaMessages.termAtLeast).max(120, schemaMessages.termAtMost),
        currency: currencySchema,
        monthlyFee: z
          .number({ error: schemaMessages.monthlyFeeAmount })
          .int(schemaMessages.monthlyFeeDecimals)
          .min(1, m.mustBeMoreThanZero(fieldLabels.monthlyFee))
          .max(100_000_000, m.tooLarge(fieldLabels.monthlyFee)),
      }),
    ],
    { error: m.mustBeOneOf(fieldLabels.kind, 'revenue_share', 'fixed_fee') },
  )
  .refine((deal) => deal.kind !== 'revenue_share' || addsUp(deal), ADDS_UP);
export type DealBody = z.infer<typeof dealBodySchema>;

export const dealSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  kind: z.enum(DEAL_KINDS),
  startDate: z.string(),
  termMonths: z.number().int(),
  hostBps: z.number().int().nullable(),
  resellerBps: z.number().int().nullable(),
  platformBps: z.number().int().nullable(),
  currency: z.string().nullable(),
  monthlyFee: z.number().int().nullable(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;
export const dealListResponseSchema = z.object({ items: z.array(dealSchema) });
export const dealAddedResponseSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), deal: dealSchema });

/** What the webhook endpoint answers Stripe: a second delivery of an event is received but changes nothing. */
export const payoutEventResponseSchema = z.object({ received: z.boolean(), duplicate: z.boolean(), applied: z.boolean() });

/** A refund of (part of) a priced session: reverses its revenue and its shares in the same proportion. */
export const refundBodySchema = z.object({
  locationId: idSchema,
  sessionId: idSchema,
  amount: z
    .number({ error: schemaMessages.amountMinorUnits })
    .int(schemaMessages.amountWholeMinorUnits)
    .min(1, m.mustBeMoreThanZero(fieldLabels.amount))
    .max(100_000_000_000, m.tooLarge(fieldLabels.amount)),
  reason: z.string().trim().max(200, schemaMessages.reasonLength).optional(),
  /** Chosen by the client once per refund: the same key sent again records nothing more. */
  idempotencyKey: z.uuid({ error: schemaMessages.idempotencyKeyUuid }),
});
export type RefundBody = z.infer<typeof refundBodySchema>;
export const refundSchema = z.object({
  sessionId: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  hostShare: z.number().int(),
  resellerShare: z.number().int(),
  platformFee: z.number().int(),
  unallocated: z.number().int(),
  /**
   * provider: the driver's card payment was refunded through the provider; write_off: nobody had paid the session,
   * the receivable is given up; ledger: a collected session without a card payment (priced before decision 082).
   */
  method: z.enum(['provider', 'write_off', 'ledger']),
});
export type Refund = z.infer<typeof refundSchema>;
export const refundResponseSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), refund: refundSchema });
