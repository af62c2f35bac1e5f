import { createAgreementBodySchema, type CreateAgreementBody } from '@wattdesk/shared/schemas/agreements';
import type { FieldErrors, Resolver } from 'react-hook-form';

export type SendAgreementValues = {
  accountName: string;
  propertyName: string;
  useLocationAddress: boolean;
  street: string;
  city: string;
  state: string;
  zip: string;
  signerName: string;
  signerEmail: string;
  /** yyyy-mm-dd: the link works until the end of that day. */
  expiresOn: string;
};

export const defaultExpiry = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const toCreateBody = (locationId: string, values: SendAgreementValues): Record<string, unknown> => ({
  locationId,
  accountName: values.accountName,
  ...(values.propertyName.trim() ? { propertyName: values.propertyName } : {}),
  ...(values.useLocationAddress ? {} : { address: { street: values.street, city: values.city, state: values.state, zip: values.zip } }),
  signerName: values.signerName,
  signerEmail: values.signerEmail,
  expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59`).toISOString() : undefined,
});

const FIELD_OF: Record<string, keyof SendAgreementValues> = { expiresAt: 'expiresOn' };

/** Validates with the API's own schema, and puts each message on the field it belongs to. */
export const sendAgreementResolver =
  (locationId: string): Resolver<SendAgreementValues, unknown, CreateAgreementBody> =>
  async (values) => {
    const parsed = createAgreementBodySchema.safeParse(toCreateBody(locationId, values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<SendAgreementValues> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path.at(-1) ?? '');
      const field = FIELD_OF[key] ?? (key as keyof SendAgreementValues);
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
