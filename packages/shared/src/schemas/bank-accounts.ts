import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { idSchema } from './common.ts';
import { fieldLabels, schemaPatterns as p } from '../schema-messages.ts';

/** Issue 16, decision 049: a location's bank account, linked through Plaid (or the local Plaid sandbox). */
export const bankLocationQuerySchema = z.object({ locationId: idSchema });
export const bankLinkTokenBodySchema = z.object({ locationId: idSchema });

/** What Plaid Link opens with; `sandbox` tells the browser to open the local sandbox Link instead of Plaid's. */
export const bankLinkTokenSchema = z.object({ linkToken: z.string(), expiration: z.string(), sandbox: z.boolean() });
export type BankLinkToken = z.infer<typeof bankLinkTokenSchema>;

const plaidParam = (field: string, max: number) =>
  z
    .string({ error: m.required(field) })
    .trim()
    .min(1, { error: m.required(field), abort: true })
    .max(max, p.tooLong(field))
    .regex(/^[\w-]+$/, p.notValid(field));

/** Link's onSuccess(public_token, metadata): the token and, when the user picked one, the account's id. */
export const saveBankAccountBodySchema = z.object({
  locationId: idSchema,
  publicToken: plaidParam(fieldLabels.publicToken, 2000),
  accountId: plaidParam(fieldLabels.account, 200).optional(),
});
export type SaveBankAccountBody = z.infer<typeof saveBankAccountBodySchema>;

/** Only what a person needs to recognise the account: never its number or the provider's access token. */
export const bankAccountSchema = z.object({
  locationId: z.string(),
  institutionName: z.string(),
  accountName: z.string(),
  mask: z.string().nullable(),
  accountType: z.string(),
  accountSubtype: z.string().nullable(),
  sandbox: z.boolean(),
  linkedAt: z.string(),
  linkedByEmail: z.string().nullable(),
  /**
   * The connected Stripe account whose payouts land in this bank account (it is that account's external
   * account); null when the location has no connected account or attaching it did not succeed.
   */
  payoutsFrom: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountStatusSchema = z.object({ account: bankAccountSchema.nullable(), sandbox: z.boolean() });
export type BankAccountStatus = z.infer<typeof bankAccountStatusSchema>;

export const bankAccountSavedSchema = z.object({ responseCode: z.number(), msg: z.array(z.string()), account: bankAccountSchema });
export type BankAccountSaved = z.infer<typeof bankAccountSavedSchema>;

/** The local sandbox's Link: the institution and test credentials a person types (Plaid's user_good / pass_good). */
export const sandboxLinkBodySchema = z.object({
  linkToken: z.string().min(1).max(2000),
  institutionId: z.string().min(1).max(100),
  username: z.string().max(200),
  password: z.string().max(200),
});
export type SandboxLinkBody = z.infer<typeof sandboxLinkBodySchema>;

export const sandboxLinkAnswerSchema = z.object({
  publicToken: z.string(),
  institution: z.object({ institutionId: z.string(), name: z.string() }),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), mask: z.string().nullable(), type: z.string(), subtype: z.string().nullable() })),
});
export type SandboxLinkAnswer = z.infer<typeof sandboxLinkAnswerSchema>;

export const sandboxInstitutionsSchema = z.object({
  institutions: z.array(z.object({ institutionId: z.string(), name: z.string(), note: z.string() })),
});
export type SandboxInstitutions = z.infer<typeof sandboxInstitutionsSchema>;
