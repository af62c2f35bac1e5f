import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaPatterns as p } from '../schema-messages.ts';
import { EMAIL_PATTERN } from '../validation.ts';
import { idSchema, paginationQuerySchema, sortQuerySchema } from './common.ts';

/** The public token of /terms-and-conditions/{tokenId}; anything longer is not one of ours. */
const tokenIdSchema = z
  .string({ error: m.required(fieldLabels.tokenId) })
  .trim()
  .min(1, { error: m.required(fieldLabels.tokenId), abort: true })
  .max(200, 'Token id must be at most 200 characters');

export const termsLookupQuerySchema = z.object({ tokenId: tokenIdSchema });
/**
 * The document's language rides on its URL: the page shows it in a frame, whose request carries the browser's
 * Accept-Language, not the page's language the signature is then sent in.
 */
export const termsDocumentQuerySchema = termsLookupQuerySchema.extend({ lang: z.enum(LOCALES).optional() });
export type TermsLookupQuery = z.infer<typeof termsLookupQuerySchema>;

export const agreementAddressSchema = z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() });
export type AgreementAddress = z.infer<typeof agreementAddressSchema>;

/** The terms lookup response of spec section 3. */
export const termsResponseSchema = z.object({
  propertyName: z.string(),
  accountName: z.string(),
  address: agreementAddressSchema,
});
export type TermsResponse = z.infer<typeof termsResponseSchema>;

export const signTermsBodySchema = z.object({ tokenId: tokenIdSchema });
export type SignTermsBody = z.infer<typeof signTermsBodySchema>;

export const AGREEMENT_VIEW_STATUSES = ['sent', 'signed', 'expired'] as const;
export type AgreementViewStatus = (typeof AGREEMENT_VIEW_STATUSES)[number];

/** One agreement as staff see it; `status` is computed: an unsigned agreement past its expiry is expired. */
export const agreementSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  accountName: z.string(),
  propertyName: z.string(),
  address: agreementAddressSchema,
  signerName: z.string(),
  signerEmail: z.string(),
  status: z.enum(AGREEMENT_VIEW_STATUSES),
  expiresAt: z.string(),
  sentAt: z.string().nullable(),
  sendCount: z.number().int(),
  signedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Agreement = z.infer<typeof agreementSchema>;

const text = (field: string, max = 200) =>
  z
    .string({ error: m.required(field) })
    .trim()
    .min(1, { error: m.required(field), abort: true })
    .max(max, m.maxLength(field, max));

/** The longest an agreement link may stay open. */
export const AGREEMENT_MAX_VALIDITY_DAYS = 365;

const expiresAtSchema = z.iso
  .datetime({ offset: true, error: m.mustBeDateTime(fieldLabels.expiresAt) })
  .refine((value) => Date.parse(value) > Date.now(), m.mustBeFuture(fieldLabels.expiresAt))
  .refine((value) => Date.parse(value) <= Date.now() + AGREEMENT_MAX_VALIDITY_DAYS * 86_400_000, p.expiresWithin(AGREEMENT_MAX_VALIDITY_DAYS));

/** Property name and address are optional: they default from the location. */
export const createAgreementBodySchema = z.object({
  locationId: idSchema,
  accountName: text('Account name'),
  propertyName: text('Property name').optional(),
  address: z.object({ street: text('Street'), city: text('City', 100), state: text('State', 100), zip: text('Zip', 20) }).optional(),
  signerName: text('Signer name', 120).regex(/^[\p{L}\s'.-]+$/u, m.alphabetic(fieldLabels.signerName)),
  signerEmail: text('Signer email', 320).regex(EMAIL_PATTERN, m.emailPattern),
  expiresAt: expiresAtSchema,
});
export type CreateAgreementBody = z.infer<typeof createAgreementBodySchema>;

/** A new expiry is needed to send an expired agreement again. */
export const resendAgreementBodySchema = z.object({ expiresAt: expiresAtSchema.optional() });
export type ResendAgreementBody = z.infer<typeof resendAgreementBodySchema>;

export const agreementIdParamsSchema = z.object({ agreementId: idSchema });

export const AGREEMENT_SORT_FIELDS = ['createdAt', 'expiresAt', 'signerName', 'accountName'] as const;

export const agreementListQuerySchema = paginationQuerySchema.extend({
  locationId: idSchema,
  status: z.enum(AGREEMENT_VIEW_STATUSES).optional(),
  sort: sortQuerySchema(AGREEMENT_SORT_FIELDS, '-createdAt'),
});
export type AgreementListQuery = z.infer<typeof agreementListQuerySchema>;
