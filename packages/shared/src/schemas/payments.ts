import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { idSchema } from './common.ts';
import { schemaPatterns as p } from '../schema-messages.ts';

export const paymentLocationQuerySchema = z.object({ locationId: idSchema });

export const startStripeConnectBodySchema = z.object({ locationId: idSchema });

/** Where to send the browser: Stripe's authorization page, or the local sandbox's. */
export const startStripeConnectResponseSchema = z.object({ url: z.string(), sandbox: z.boolean() });
export type StartStripeConnectResponse = z.infer<typeof startStripeConnectResponseSchema>;

const oauthParam = (field: string) =>
  z
    .string({ error: m.required(field) })
    .trim()
    .min(1, { error: m.required(field), abort: true })
    .max(2000, p.tooLong(field));

/** The payment-provider connect payload of spec section 3. */
export const stripeConnectBodySchema = z.object({ state: oauthParam('State'), code: oauthParam('Code') });
export type StripeConnectBody = z.infer<typeof stripeConnectBodySchema>;

export const paymentAccountSchema = z.object({
  locationId: z.string(),
  accountId: z.string(),
  livemode: z.boolean(),
  sandbox: z.boolean(),
  connectedAt: z.string(),
  connectedByEmail: z.string().nullable(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

/** The payout account of a location: the connected account, or none; and whether this server uses the sandbox. */
export const paymentAccountStatusSchema = z.object({ account: paymentAccountSchema.nullable(), sandbox: z.boolean() });
export type PaymentAccountStatus = z.infer<typeof paymentAccountStatusSchema>;
