import { z } from 'zod';
import { DAY_FILTERS, DURATION_HOURS } from '../constants.ts';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { isCurrencyCode } from '../pricing/money.ts';
import { periodProblems } from '../pricing/periods.ts';
import { LINE_ITEM_KINDS, VIOLATION_RULES } from '../pricing/types.ts';
import { idSchema, pagedSchema, paginationQuerySchema, sortQuerySchema } from './common.ts';

/**
 * Tariffs: rates (time-of-use periods), idle fees, the session fee and violation rules of a location.
 * Flat amounts are integer minor units of the location's currency; unit prices (per kWh, per hour) are
 * micros of the major unit. The web form converts what a person types with the pricing money helpers.
 */

const hourSchema = (label: string) =>
  z
    .number({ error: p.hourChoice(label) })
    .int(p.hourChoice(label))
    .min(0)
    .max(23);

const dayFilterSchema = z.enum(DAY_FILTERS.map((d) => d.key) as ['all-days', 'weekdays', 'weekends'], {
  error: m.mustBeOneOf(fieldLabels.day, 'All Days, Weekdays', 'Weekends'),
});

/** Whole minor units or micros: non-negative integers with a ceiling no real tariff reaches. */
const amountSchema = (label: string, max = 100_000_000) =>
  z
    .number({ error: m.nonNegativeNumber(label) })
    .int(p.decimalsForCurrency(label))
    .min(0, m.nonNegativeNumber(label))
    .max(max, m.tooLarge(label));

export const currencySchema = z
  .string({ error: m.required(fieldLabels.currency) })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, schemaMessages.currencyCode);

const DURATION_MINUTES = DURATION_HOURS.map((hours) => hours * 60);
const durationMinutesSchema = (label: string) =>
  z.number({ error: m.mustBeDurationChoice(label) }).refine((value) => DURATION_MINUTES.includes(value), {
    error: m.mustBeDurationChoice(label),
  });

export const ratePeriodSchema = z.object({
  days: dayFilterSchema,
  startHour: hourSchema(fieldLabels.startHour),
  endHour: hourSchema(fieldLabels.endHour),
  energyPriceMicros: amountSchema(fieldLabels.pricePerKwh, 1_000_000_000_000),
  timePriceMicros: amountSchema(fieldLabels.pricePerHour, 1_000_000_000_000).nullable(),
});

const hourWindowSchema = z
  .object({ startHour: hourSchema(fieldLabels.startHour), endHour: hourSchema(fieldLabels.endHour) })
  .refine((w) => w.startHour !== w.endHour, { error: schemaMessages.freeHours });

export const idleFeeSettingsSchema = z.object({
  enabled: z.boolean({ error: m.mustBeTrueOrFalse(fieldLabels.enabled) }),
  pricePerMinute: amountSchema(fieldLabels.idleFeePerMinute),
  graceMinutes: z.union([z.literal(0), durationMinutesSchema('Grace period')], { error: m.mustBeDurationChoice(fieldLabels.gracePeriod) }),
  dailyCap: amountSchema(fieldLabels.dailyCap).nullable(),
  freeHours: hourWindowSchema.nullable(),
});

const ruleLimitSchema = (label: string) => z.object({ minutes: durationMinutesSchema(label), fee: amountSchema('Fee') });
export const violationRulesSchema = z.object({
  maxStay: ruleLimitSchema(fieldLabels.maximumStay).nullable(),
  idleLimit: ruleLimitSchema(fieldLabels.idleLimit).nullable(),
});

const periodsSchema = z
  .array(ratePeriodSchema)
  .max(48, schemaMessages.ratePeriodsAtMost)
  .superRefine((periods, ctx) => {
    for (const problem of periodProblems(periods)) ctx.addIssue({ code: 'custom', message: problem });
  });

export const updateRatesBodySchema = z.object({
  locationId: idSchema,
  currency: currencySchema,
  /** When the new prices start; omitted: now. Sessions keep the version they started under. */
  effectiveFrom: z.iso.datetime({ offset: true, error: 'Effective from must be a date and time' }).optional(),
  periods: periodsSchema,
});
export type UpdateRatesBody = z.infer<typeof updateRatesBodySchema>;

export const updateIdleFeesBodySchema = idleFeeSettingsSchema.extend({ locationId: idSchema });
export type UpdateIdleFeesBody = z.infer<typeof updateIdleFeesBodySchema>;

export const updateOtherFeesBodySchema = z.object({
  locationId: idSchema,
  /** null: the network default for the location's currency. */
  sessionFee: amountSchema(fieldLabels.sessionFee).nullable(),
});
export type UpdateOtherFeesBody = z.infer<typeof updateOtherFeesBodySchema>;

export const updateDefaultSessionFeeBodySchema = z.object({ currency: currencySchema, amount: amountSchema(fieldLabels.defaultSessionFee) });
export type UpdateDefaultSessionFeeBody = z.infer<typeof updateDefaultSessionFeeBodySchema>;

export const updateViolationRulesBodySchema = violationRulesSchema.extend({ locationId: idSchema });
export type UpdateViolationRulesBody = z.infer<typeof updateViolationRulesBodySchema>;

export const tariffQuerySchema = z.object({ locationId: idSchema });

export const tariffVersionSchema = z.object({
  id: z.string(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  currency: z.string(),
  periods: z.array(ratePeriodSchema),
  sessionFee: z.number().int(),
  /** The session fee is the network default (the location sets none). */
  sessionFeeIsDefault: z.boolean(),
  idleFee: idleFeeSettingsSchema,
  violationRules: violationRulesSchema,
});
export type TariffVersion = z.infer<typeof tariffVersionSchema>;

export const tariffOverviewSchema = z.object({
  locationId: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  /** In force now; null until the location has rates. */
  current: tariffVersionSchema.nullable(),
  /** Starting later, soonest first. */
  scheduled: z.array(tariffVersionSchema),
  /** Earlier versions, newest first (the last 20). */
  history: z.array(tariffVersionSchema),
  defaultSessionFee: z.number().int(),
});
export type TariffOverview = z.infer<typeof tariffOverviewSchema>;

export const tariffSavedSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), version: tariffVersionSchema });

// Prices of sessions

const hourWindowViewSchema = z.object({ startHour: z.number().int(), endHour: z.number().int() });
/** Answers only (what the engine wrote): the words of a line in the reader's language (types.ts LineItemDetail). */
const lineItemDetailSchema = z.union([
  z.object({ period: hourWindowViewSchema.extend({ days: dayFilterSchema }) }),
  z.object({ idle: z.object({ date: z.string(), graceMinutes: z.number(), freeHours: hourWindowViewSchema.nullable(), capped: z.boolean() }) }),
]);

export const lineItemSchema = z.object({
  kind: z.enum(LINE_ITEM_KINDS),
  description: z.string(),
  /** Null for the session fee and violations, and for items priced before it was kept. */
  detail: lineItemDetailSchema.nullable(),
  quantity: z.number(),
  unit: z.enum(['kWh', 'h', 'min', 'session']),
  periodIndex: z.number().int().nullable(),
  rule: z.enum(VIOLATION_RULES).nullable(),
  amount: z.number().int(),
  /** A waived violation: shown, not charged. */
  waived: z.boolean(),
});
export type PricedLineItem = z.infer<typeof lineItemSchema>;

/** A session's price: final once stored at the stop, else the live estimate of a running session. */
export const sessionPriceSchema = z.object({
  currency: z.string(),
  total: z.number().int(),
  final: z.boolean(),
  tariffVersionId: z.string(),
  items: z.array(lineItemSchema),
  energyWh: z.number(),
  chargingSeconds: z.number().int(),
  idleSeconds: z.number().int(),
});
export type SessionPriceView = z.infer<typeof sessionPriceSchema>;

export const sessionCostSchema = z.object({ currency: z.string(), total: z.number().int(), final: z.boolean() }).nullable();
export type SessionCost = z.infer<typeof sessionCostSchema>;

// Violations

export const VIOLATION_STATUSES = ['open', 'waived', 'paid'] as const;
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];
export const VIOLATION_SORT_FIELDS = ['detectedAt', 'amount'] as const;

export const violationSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  transactionId: z.number().int(),
  chargerId: z.string(),
  chargerName: z.string(),
  idTag: z.string(),
  rule: z.enum(VIOLATION_RULES),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(VIOLATION_STATUSES),
  detectedAt: z.string(),
  limitMinutes: z.number().int(),
  actualMinutes: z.number().int(),
  reason: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type Violation = z.infer<typeof violationSchema>;

export const violationListQuerySchema = paginationQuerySchema.extend({
  locationId: idSchema,
  status: z.enum(VIOLATION_STATUSES, { error: m.mustBeOneOf(fieldLabels.status, 'open, waived', 'paid') }).optional(),
  rule: z.enum(VIOLATION_RULES, { error: m.mustBeOneOf(fieldLabels.rule, 'max-stay', 'idle-limit') }).optional(),
  chargerId: idSchema.optional(),
  driver: z.string().trim().max(40, 'Driver must be at most 40 characters').optional(),
  from: z.iso.date({ error: m.mustBeDate(fieldLabels.from) }).optional(),
  to: z.iso.date({ error: m.mustBeDate(fieldLabels.to) }).optional(),
  sort: sortQuerySchema(VIOLATION_SORT_FIELDS, '-detectedAt'),
});
export type ViolationListQuery = z.infer<typeof violationListQuerySchema>;
export const violationExportQuerySchema = violationListQuerySchema.omit({ page: true, pageSize: true });

export const violationListResponseSchema = pagedSchema(violationSchema);

export const violationIdParamsSchema = z.object({ id: idSchema });

export const violationStatusBodySchema = z
  .object({
    status: z.enum(['waived', 'paid'], { error: m.mustBeOneOf(fieldLabels.status, 'waived', 'paid') }),
    reason: z
      .string({ error: m.mustBeText(fieldLabels.reason) })
      .trim()
      .max(500, 'Reason must be at most 500 characters')
      .default(''),
  })
  .refine((body) => body.status !== 'waived' || body.reason.length > 0, { error: m.required(fieldLabels.reason), path: ['reason'] });
export type ViolationStatusBody = z.infer<typeof violationStatusBodySchema>;
export const violationSavedSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), violation: violationSchema });
