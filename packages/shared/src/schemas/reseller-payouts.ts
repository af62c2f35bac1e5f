import { z } from 'zod';
import { TRANSFER_STATUSES } from './payouts.ts';
import { currencySchema } from './tariffs.ts';
import { schemaMessages } from '../schema-messages.ts';

/**
 * The reseller's own money (issue 43 part 3): the network's one reseller organisation — the users of type
 * Reseller — is paid its share of the locations it resells into its own connected Stripe account.
 */
export const resellerAccountSchema = z.object({
  accountId: z.string(),
  livemode: z.boolean(),
  sandbox: z.boolean(),
  connectedAt: z.string(),
  connectedByEmail: z.string().nullable(),
});
export type ResellerAccount = z.infer<typeof resellerAccountSchema>;

/** Per currency: the reseller share earned, the part of it drivers and partners paid, what was paid out, what is left. */
export const resellerBalanceSchema = z.object({
  currency: z.string(),
  /** Everything booked on reseller_share, collected or not, net of refunds. */
  earned: z.number().int(),
  /** The part of it whose sessions were paid (the only money a transfer may pay). */
  collected: z.number().int(),
  /** Sent to the reseller's account and not failed (pending, in transit, paid). */
  paidOut: z.number().int(),
  /** collected − paidOut: what a transfer pays now. */
  available: z.number().int(),
});
export type ResellerBalance = z.infer<typeof resellerBalanceSchema>;

export const resellerTransferSchema = z.object({
  id: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: z.enum(TRANSFER_STATUSES),
  destination: z.string(),
  failureReason: z.string().nullable(),
  providerTransferId: z.string().nullable(),
  providerPayoutId: z.string().nullable(),
  requestedByEmail: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type ResellerTransfer = z.infer<typeof resellerTransferSchema>;

export const resellerPayoutsResponseSchema = z.object({
  account: resellerAccountSchema.nullable(),
  sandbox: z.boolean(),
  balances: z.array(resellerBalanceSchema),
  /** The latest transfers, newest first. */
  transfers: z.array(resellerTransferSchema),
});
export type ResellerPayoutsResponse = z.infer<typeof resellerPayoutsResponseSchema>;

export const resellerTransferBodySchema = z.object({
  currency: currencySchema,
  /** Chosen by the client once per transfer: the same key sent again pays nothing more. */
  idempotencyKey: z.uuid({ error: schemaMessages.idempotencyKeyUuid }),
});
export type ResellerTransferBody = z.infer<typeof resellerTransferBodySchema>;
export const resellerTransferResponseSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  transfer: resellerTransferSchema,
  repeated: z.boolean(),
});
