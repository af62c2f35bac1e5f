import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages } from '../schema-messages.ts';
import { OCPI_PARTNER_STATUSES } from '../ocpi/constants.ts';
import { idSchema, pagedSchema, paginationQuerySchema } from './common.ts';
import { requiredText } from './fields.ts';

/**
 * The Roaming screen's API (/web/roaming, issue 42): OCPI partners, how registration went, what we owe them.
 * The OCPI objects themselves are in ../ocpi/.
 */

const isoDate = z.iso.datetime({ offset: true });

export const roamingModuleSchema = z.object({ identifier: z.string(), role: z.enum(['SENDER', 'RECEIVER']) });

export const roamingPartnerSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: z.enum(OCPI_PARTNER_STATUSES),
  /** The partner's party once it registered (ISO 3166 alpha-2 and party id), e.g. NL / ABC. */
  countryCode: z.string().nullable(),
  partyId: z.string().nullable(),
  version: z.string().nullable(),
  versionsUrl: z.string().nullable(),
  /** The partner's endpoints we use (from its version details). */
  modules: z.array(roamingModuleSchema),
  lastExchangeAt: isoDate.nullable(),
  lastFailureAt: isoDate.nullable(),
  lastFailure: z.string().nullable(),
  /** Pushes not yet delivered, and of those the ones that failed at least once. */
  pendingPushes: z.number().int(),
  failingPushes: z.number().int(),
  createdAt: isoDate,
});
export type RoamingPartner = z.infer<typeof roamingPartnerSchema>;

export const roamingPartnerListSchema = z.object({ partners: z.array(roamingPartnerSchema) });

/** Invite a partner: we issue the one-time registration token (OCPI's token A) it registers with. */
export const inviteRoamingPartnerBodySchema = z.object({ name: requiredText('Partner name', 100) });
export const invitedRoamingPartnerSchema = z.object({
  partner: roamingPartnerSchema,
  /** Shown once: give it to the partner with our versions URL. Only its hash is kept. */
  registrationToken: z.string(),
  versionsUrl: z.string(),
});

/** Register with a partner: its versions URL and the token it gave us. */
export const connectRoamingPartnerBodySchema = z.object({
  name: requiredText('Partner name', 100),
  versionsUrl: z.url({ error: schemaMessages.versionsUrl }).max(2000, m.maxLength(fieldLabels.versionsUrl, 2000)),
  token: requiredText('Token', 255).regex(/^[\x21-\x7e]+$/, schemaMessages.printableToken),
});

export const roamingPartnerParamsSchema = z.object({ id: idSchema });
export const roamingPartnerResponseSchema = z.object({ partner: roamingPartnerSchema });

export const ROAMING_PUSH_STATES = ['pending', 'failing', 'delivered'] as const;
export const roamingPushQuerySchema = paginationQuerySchema.extend({ state: z.enum(ROAMING_PUSH_STATES).optional() });
export const roamingPushSchema = z.object({
  id: z.number().int(),
  module: z.string(),
  objectKey: z.string(),
  method: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: isoDate,
  lastError: z.string().nullable(),
  createdAt: isoDate,
  deliveredAt: isoDate.nullable(),
});
export type RoamingPush = z.infer<typeof roamingPushSchema>;
export const roamingPushPageSchema = pagedSchema(roamingPushSchema);

/** A location's roaming switch (Roaming_Update): published locations are what partners see. */
export const locationRoamingBodySchema = z.object({ publishToRoaming: z.boolean({ error: m.mustBeTrueOrFalse('publishToRoaming') }) });
export const locationRoamingSchema = z.object({ locationId: idSchema, publishToRoaming: z.boolean() });
