import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages } from '../schema-messages.ts';
import { ACCOUNT_STATUSES, CARD_BRANDS, LICENSE_MAX_SEATS, PLAN_FEATURES } from '../constants.ts';
import { idSchema } from './common.ts';

/**
 * A key the browser makes once per user action and sends again on a retry, so a lost answer never
 * charges twice: the API and the provider both answer a repeated key with the first outcome.
 */
export const idempotencyKeySchema = z
  .string({ error: m.isRequired(fieldLabels.idempotencyKey) })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: schemaMessages.idempotencyKeyCharacters });

export const billingLocationQuerySchema = z.object({ locationId: idSchema });

/** A plan's key in the plan catalogue (also the middle of its Stripe lookup keys, `wattdesk_<plan>_<currency>_<interval>`). */
export const subscriptionPlanIdSchema = z
  .string({ error: 'Choose one of the plans' })
  .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: 'Choose one of the plans' });
export type SubscriptionPlanId = z.infer<typeof subscriptionPlanIdSchema>;

export const planFeatureSchema = z.enum(PLAN_FEATURES);

/** What a plan includes: at most this many chargers at the location (null: no limit) and these features. */
export const planIncludesSchema = z.object({ maxChargers: z.number().int().nullable(), features: z.array(planFeatureSchema) });
export type PlanIncludes = z.infer<typeof planIncludesSchema>;

/** The plan's Stripe Price in the location's currency, as Stripe answers it (minor units). */
export const planPriceSchema = z.object({ lookupKey: z.string(), unitAmount: z.number().int(), currency: z.string(), interval: z.string() });
export type PlanPrice = z.infer<typeof planPriceSchema>;

export const subscriptionPlanSchema = z.object({
  id: subscriptionPlanIdSchema,
  name: z.string(),
  description: z.string(),
  includes: planIncludesSchema,
  /** null when Stripe has no price under the plan's lookup key: the plan cannot be chosen until it has one. */
  price: planPriceSchema.nullable(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** Spec section 3's statuses: PENDING while the provider is asked, ACTIVE, INACTIVE once cancelled. */
export const billingStatusSchema = z.enum(ACCOUNT_STATUSES);

export const locationSubscriptionSchema = z.object({
  subscriptionId: z.string().nullable(),
  planId: subscriptionPlanIdSchema,
  planName: z.string(),
  status: billingStatusSchema,
  /** Chargers billed: the location's charger count when activated or last changed (at least one). */
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  /** quantity × unitAmount, minor units per interval. */
  amount: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  currentPeriodEnd: z.string().nullable(),
  updatedAt: z.string(),
});
export type LocationSubscription = z.infer<typeof locationSubscriptionSchema>;

export const subscriptionOverviewSchema = z.object({
  locationId: z.string(),
  subscription: locationSubscriptionSchema.nullable(),
  plans: z.array(subscriptionPlanSchema),
  /** What the location may use now: its active plan's includes, or the catalogue's rule for a location without one. */
  includes: planIncludesSchema,
  chargerCount: z.number().int(),
  hasPaymentMethod: z.boolean(),
  sandbox: z.boolean(),
});
export type SubscriptionOverview = z.infer<typeof subscriptionOverviewSchema>;

/** What the location may use now (GET /payments/plan-includes): screens hide or disable what it lacks. */
export const locationPlanIncludesSchema = z.object({ locationId: z.string(), planName: z.string().nullable(), includes: planIncludesSchema });
export type LocationPlanIncludes = z.infer<typeof locationPlanIncludesSchema>;

export const subscriptionBodySchema = z.object({ locationId: idSchema, planId: subscriptionPlanIdSchema, idempotencyKey: idempotencyKeySchema });
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

export const cancelSubscriptionQuerySchema = z.object({ locationId: idSchema, idempotencyKey: idempotencyKeySchema });

export const subscriptionResultSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  subscription: locationSubscriptionSchema,
});
export type SubscriptionResult = z.infer<typeof subscriptionResultSchema>;

export const cardBrandSchema = z.enum([...CARD_BRANDS, 'Other']);
export type CardBrandOrOther = z.infer<typeof cardBrandSchema>;

export const cardOnFileSchema = z.object({
  brand: cardBrandSchema,
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  updatedAt: z.string(),
  updatedByEmail: z.string().nullable(),
});
export type CardOnFile = z.infer<typeof cardOnFileSchema>;

export const paymentDetailsSchema = z.object({ locationId: z.string(), card: cardOnFileSchema.nullable(), sandbox: z.boolean() });
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const startCardSetupBodySchema = z.object({ locationId: idSchema });
/** Where the browser goes to enter the card: the provider's page (or the sandbox's), never ours. */
export const startCardSetupResponseSchema = z.object({ url: z.string(), sandbox: z.boolean() });
export type StartCardSetupResponse = z.infer<typeof startCardSetupResponseSchema>;

export const completeCardSetupBodySchema = z.object({
  locationId: idSchema,
  sessionId: z.string({ error: m.isRequired(fieldLabels.sessionId) }).regex(/^cs_[A-Za-z0-9_]{1,200}$/, { error: schemaMessages.sessionIdInvalid }),
});
export type CompleteCardSetupBody = z.infer<typeof completeCardSetupBodySchema>;

export const paymentDetailsResultSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), card: cardOnFileSchema });

export const licenseSchema = z.object({
  id: z.string(),
  seats: z.number().int(),
  assigned: z.number().int(),
  startsAt: z.string(),
  expiresAt: z.string(),
  autoRenew: z.boolean(),
  /** ACTIVE until it expires, then INACTIVE: its chargers count as unlicensed. */
  status: billingStatusSchema,
});
export type License = z.infer<typeof licenseSchema>;

export const licensedChargerSchema = z.object({
  /** The charger's row id (as in /chargers/:id); chargerId is its OCPP identity. */
  id: z.string(),
  chargerId: z.string(),
  name: z.string(),
  licenseId: z.string().nullable(),
  licensed: z.boolean(),
});
export type LicensedCharger = z.infer<typeof licensedChargerSchema>;

export const licenseOverviewSchema = z.object({
  locationId: z.string(),
  licenses: z.array(licenseSchema),
  chargers: z.array(licensedChargerSchema),
});
export type LicenseOverview = z.infer<typeof licenseOverviewSchema>;

const seatsSchema = z.coerce
  .number<number>({ error: m.mustBeWholeNumber(fieldLabels.seats) })
  .int(m.mustBeWholeNumber(fieldLabels.seats))
  .min(1, m.mustBeAtLeast(fieldLabels.seats, 1))
  .max(LICENSE_MAX_SEATS, m.mustBeAtMost(fieldLabels.seats, LICENSE_MAX_SEATS.toLocaleString('en-US')));

export const createLicenseBodySchema = z.object({ locationId: idSchema, seats: seatsSchema, idempotencyKey: idempotencyKeySchema });
export type CreateLicenseBody = z.infer<typeof createLicenseBodySchema>;

export const licenseParamsSchema = z.object({ licenseId: idSchema });
export const renewLicenseBodySchema = z.object({ locationId: idSchema, idempotencyKey: idempotencyKeySchema });
export const updateLicenseBodySchema = z.object({ locationId: idSchema, autoRenew: z.boolean({ error: schemaMessages.autoRenew }) });

/** Assign the charger (path :id) to a licence, or (licenseId null) take its licence away. */
export const assignLicenseBodySchema = z.object({ locationId: idSchema, licenseId: idSchema.nullable() });
export type AssignLicenseBody = z.infer<typeof assignLicenseBodySchema>;
