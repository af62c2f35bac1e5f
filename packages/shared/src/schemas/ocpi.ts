import { z } from 'zod';

/**
 * The OCPI 2.2.1 Tariffs module's Tariff object, as its specification defines it (module "Tariffs",
 * section "Object description" → "Tariff Object", "TariffElement class", "PriceComponent class",
 * "TariffRestrictions class", "PriceLimit class", "TariffDimensionType enum", "DayOfWeek enum",
 * "TariffType enum"; types from "Types": CiString, DisplayText, DateTime, number, int). Used to check what
 * GET /web/tariffs/ocpi answers, so roaming partners can read it.
 */
const ciString = (max: number) => z.string().max(max);
/** DateTime: RFC 3339 in UTC, e.g. 2015-06-29T20:39:09Z. */
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/);
const displayText = z.object({ language: z.string().length(2), text: z.string().max(512) }).strict();
const price = z.object({ excl_vat: z.number().min(0), incl_vat: z.number().min(0).optional() }).strict();

export const OCPI_TARIFF_DIMENSION_TYPES = ['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME'] as const;
export const OCPI_DAYS_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

export const ocpiPriceComponentSchema = z
  .object({
    type: z.enum(OCPI_TARIFF_DIMENSION_TYPES),
    /** Price per unit (excl. VAT) for this dimension: per kWh, per hour, or per session for FLAT. */
    price: z.number().min(0),
    vat: z.number().min(0).optional(),
    /** Minimum billable amount: Wh for ENERGY, seconds for TIME and PARKING_TIME, 1 for FLAT. */
    step_size: z.number().int().min(1),
  })
  .strict();

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ocpiTariffRestrictionsSchema = z
  .object({
    start_time: time.optional(),
    end_time: time.optional(),
    start_date: date.optional(),
    end_date: date.optional(),
    min_kwh: z.number().min(0).optional(),
    max_kwh: z.number().min(0).optional(),
    min_current: z.number().min(0).optional(),
    max_current: z.number().min(0).optional(),
    min_power: z.number().min(0).optional(),
    max_power: z.number().min(0).optional(),
    /** Seconds. */
    min_duration: z.number().int().min(0).optional(),
    max_duration: z.number().int().min(0).optional(),
    day_of_week: z.array(z.enum(OCPI_DAYS_OF_WEEK)).min(1).optional(),
    reservation: z.enum(['RESERVATION', 'RESERVATION_EXPIRES']).optional(),
  })
  .strict();

export const ocpiTariffElementSchema = z
  .object({
    price_components: z.array(ocpiPriceComponentSchema).min(1),
    restrictions: ocpiTariffRestrictionsSchema.optional(),
  })
  .strict();

export const ocpiTariffSchema = z
  .object({
    country_code: ciString(2).length(2),
    party_id: ciString(3).length(3),
    id: ciString(36).min(1),
    currency: z.string().regex(/^[A-Z]{3}$/),
    type: z.enum(['AD_HOC_PAYMENT', 'PROFILE_CHEAP', 'PROFILE_FAST', 'PROFILE_GREEN', 'REGULAR']).optional(),
    tariff_alt_text: z.array(displayText).optional(),
    tariff_alt_url: z.url().optional(),
    min_price: price.optional(),
    max_price: price.optional(),
    elements: z.array(ocpiTariffElementSchema).min(1),
    energy_mix: z.record(z.string(), z.unknown()).optional(),
    start_date_time: dateTime.optional(),
    end_date_time: dateTime.optional(),
    last_updated: dateTime,
  })
  .strict();
export type OcpiTariff = z.infer<typeof ocpiTariffSchema>;

/** OCPI's response envelope ("Transport and format" → "Response format"). */
export const ocpiTariffsResponseSchema = z.object({
  data: z.array(ocpiTariffSchema),
  status_code: z.number().int(),
  status_message: z.string().optional(),
  timestamp: dateTime,
});
export type OcpiTariffsResponse = z.infer<typeof ocpiTariffsResponseSchema>;
