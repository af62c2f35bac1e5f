import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages } from '../schema-messages.ts';
import { EMAIL_PATTERN } from '../validation.ts';
import { idSchema } from './common.ts';
import { alphabeticText, optionalText, requiredText } from './fields.ts';

/**
 * The company (spec section 7's "company"): the organisation behind a location, as invoices and agreements
 * name it: legal name, address, tax id and a contact. One per location; a location without one answers null.
 */

/** Digits, spaces and + ( ) - . as people write phone numbers; at least 7 characters. */
const PHONE = /^\+?[\d\s().-]{7,20}$/;
/** Tax ids differ by country (EIN 12-3456789, VAT DE123456789): letters, digits, spaces, dots and dashes. */
const TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 .-]{1,29}$/;

export const companyBodySchema = z
  .object({
    name: requiredText('Company name', 160),
    addressLine1: requiredText('Address line 1', 200),
    addressLine2: optionalText('Address line 2', 200).default(''),
    city: alphabeticText('City', 100),
    state: alphabeticText('State', 100),
    zipCode: requiredText('Zip code', 10).regex(/^[A-Za-z0-9 -]{3,10}$/, schemaMessages.zipCode),
    taxId: requiredText('Tax id', 30).regex(TAX_ID, schemaMessages.taxId),
    email: z
      .string({ error: m.required(fieldLabels.contactEmail) })
      .trim()
      .min(1, { error: m.required(fieldLabels.contactEmail), abort: true })
      .max(320, 'Contact email must be at most 320 characters')
      .regex(EMAIL_PATTERN, m.emailPattern),
    phone: z
      .string()
      .trim()
      .max(30, 'Contact phone must be at most 30 characters')
      .refine((value) => value === '' || PHONE.test(value), m.mustBePhoneNumber(fieldLabels.contactPhone))
      .default(''),
  })
  .strict();
export type CompanyBody = z.input<typeof companyBodySchema>;
export type CompanyFields = z.output<typeof companyBodySchema>;

export const companyQuerySchema = z.object({ locationId: idSchema });
export const saveCompanyBodySchema = companyBodySchema.extend({ locationId: idSchema }).strict();
export type SaveCompanyBody = z.input<typeof saveCompanyBodySchema>;

export const companySchema = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  taxId: z.string(),
  email: z.string(),
  phone: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;
export const companyResponseSchema = z.object({ company: companySchema.nullable() });
export type CompanyResponse = z.infer<typeof companyResponseSchema>;
export const companySavedSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), company: companySchema });
export type CompanySaved = z.infer<typeof companySavedSchema>;
