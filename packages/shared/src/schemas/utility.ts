import { z } from 'zod';
import { MONTHS } from '../constants.ts';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { idSchema } from './common.ts';
import { requiredText } from './fields.ts';

/**
 * Utility info (menu utility-info): a location's utility accounts ("utility config": provider, account
 * number, rate schedule, meters), the monthly bills entered with the monthly values input (January to
 * December) with the bill's PDF, and 15-minute interval data ("energy data") imported from the utility.
 */

const monthKeys = MONTHS.map((month) => month.key) as [string, ...string[]];

const meterSchema = z.string().trim().min(1, m.required(fieldLabels.meterNumber)).max(50, m.maxLength(fieldLabels.meterNumber, 50));

export const utilityConfigBodySchema = z
  .object({
    provider: requiredText('Provider', 100),
    accountNumber: requiredText('Account number', 50),
    rateSchedule: requiredText('Rate schedule', 100),
    meters: z
      .array(meterSchema)
      .min(1, schemaMessages.metersAtLeast)
      .max(20, schemaMessages.metersAtMost)
      .refine((meters) => new Set(meters).size === meters.length, { error: schemaMessages.meterOnce }),
  })
  .strict();
export type UtilityConfigBody = z.infer<typeof utilityConfigBodySchema>;
export const createUtilityConfigBodySchema = utilityConfigBodySchema.extend({ locationId: idSchema }).strict();
export type CreateUtilityConfigBody = z.infer<typeof createUtilityConfigBodySchema>;

export const utilityConfigSchema = utilityConfigBodySchema.extend({
  id: z.string(),
  locationId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UtilityConfig = z.infer<typeof utilityConfigSchema>;
export const utilityConfigListSchema = z.object({ items: z.array(utilityConfigSchema) });
export const utilityConfigSavedSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), config: utilityConfigSchema });
export const utilityConfigParamsSchema = z.object({ id: idSchema });

const yearSchema = z.coerce
  .number<number>({ error: 'Year must be a number' })
  .int('Year must be a whole number')
  .min(2000, m.mustBeBetween(fieldLabels.year, 2000, 2100))
  .max(2100, m.mustBeBetween(fieldLabels.year, 2000, 2100));

/** One month of a bill: energy in kWh (up to 3 decimals) and the amount due in minor units of the location's currency. */
export const monthlyBillValueSchema = z.object({
  month: z.enum(monthKeys, { error: schemaMessages.monthName }),
  energyKwh: z
    .number({ error: m.nonNegativeNumber(fieldLabels.energyKwh) })
    .min(0, m.nonNegativeNumber(fieldLabels.energyKwh))
    .max(100_000_000, m.tooLarge(fieldLabels.energyKwh))
    .nullable(),
  costMinor: z
    .number({ error: m.nonNegativeNumber(fieldLabels.cost) })
    .int(p.decimalsForCurrency(fieldLabels.cost))
    .min(0, m.nonNegativeNumber(fieldLabels.cost))
    .max(10_000_000_000, m.tooLarge(fieldLabels.cost))
    .nullable(),
});
export type MonthlyBillValue = z.infer<typeof monthlyBillValueSchema>;

export const saveBillsBodySchema = z
  .object({
    utilityConfigId: idSchema,
    year: yearSchema,
    months: z
      .array(monthlyBillValueSchema)
      .min(1, schemaMessages.monthRequired)
      .max(12)
      .refine((months) => new Set(months.map((row) => row.month)).size === months.length, { error: schemaMessages.monthOnce }),
  })
  .strict();
export type SaveBillsBody = z.infer<typeof saveBillsBodySchema>;

export const billsQuerySchema = z.object({ utilityConfigId: idSchema, year: yearSchema });
export const billMonthSchema = z.object({
  month: z.string(),
  energyKwh: z.number().nullable(),
  costMinor: z.number().nullable(),
  file: z.object({ name: z.string(), size: z.number().int(), uploadedAt: z.string() }).nullable(),
});
export type BillMonth = z.infer<typeof billMonthSchema>;
export const billsResponseSchema = z.object({
  utilityConfigId: z.string(),
  year: z.number().int(),
  currency: z.string(),
  months: z.array(billMonthSchema),
});
export type BillsResponse = z.infer<typeof billsResponseSchema>;
export const billFileParamsSchema = z.object({
  utilityConfigId: idSchema,
  year: yearSchema,
  month: z.enum(monthKeys, { error: schemaMessages.monthName }),
});

export const energyDataQuerySchema = z.object({
  utilityConfigId: idSchema,
  from: z.iso.date({ error: m.mustBeDate(fieldLabels.from) }),
  to: z.iso.date({ error: m.mustBeDate(fieldLabels.to) }),
});
export const energyPointSchema = z.object({ at: z.string(), utilityKwh: z.number().nullable(), chargersKwh: z.number() });
export const energyDataResponseSchema = z.object({
  timeZone: z.string(),
  points: z.array(energyPointSchema),
  utilityKwh: z.number(),
  chargersKwh: z.number(),
});
export type EnergyDataResponse = z.infer<typeof energyDataResponseSchema>;
export const energyImportResultSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  imported: z.number().int(),
  meters: z.array(z.string()),
});

/** Interval data columns: what utility "Green Button"-style CSV exports carry (meter, interval start, kWh). */
export const ENERGY_CSV_COLUMNS = ['meter', 'start', 'kwh'] as const;

/**
 * Meters of a location (spec section 7's "meters"): each utility meter on its own, with what it measures. The
 * meter numbers a utility account lists for its interval data (utility config) stay on the account.
 */
export const METER_UTILITIES = ['electric', 'gas', 'water'] as const;
export type MeterUtility = (typeof METER_UTILITIES)[number];
/** The units each utility bills in; the first is the usual one. */
export const METER_UNITS: Record<MeterUtility, readonly string[]> = {
  electric: ['kWh', 'MWh'],
  gas: ['therm', 'ccf', 'm³'],
  water: ['gal', 'ccf', 'm³'],
};

export const meterBodySchema = z
  .object({
    meterNumber: meterSchema,
    utility: z.enum(METER_UTILITIES, { error: m.mustBeOneOf(fieldLabels.utility, 'electric, gas', 'water') }),
    unit: requiredText('Unit', 10),
    note: z.string().trim().max(500, 'Note must be at most 500 characters').default(''),
  })
  .strict()
  .refine((meter) => METER_UNITS[meter.utility].includes(meter.unit), {
    error: (issue) => {
      const utility = (issue.input as { utility: MeterUtility }).utility;
      return p.meterUnit(utility, METER_UNITS[utility].join(', '));
    },
    path: ['unit'],
    // Only once the fields parsed: a body of null or a wrong utility has its own message, and must not throw here.
    when: (payload) =>
      typeof payload.value === 'object' && payload.value !== null && METER_UTILITIES.includes((payload.value as { utility: MeterUtility }).utility),
  });
export type MeterBody = z.input<typeof meterBodySchema>;
export type MeterFields = z.output<typeof meterBodySchema>;
export const createMeterBodySchema = meterBodySchema.safeExtend({ locationId: idSchema });
export type CreateMeterBody = z.input<typeof createMeterBodySchema>;

export const meterSchemaView = z.object({
  id: z.string(),
  locationId: z.string(),
  meterNumber: z.string(),
  utility: z.enum(METER_UTILITIES),
  unit: z.string(),
  note: z.string(),
  updatedAt: z.string(),
});
export type Meter = z.infer<typeof meterSchemaView>;
export const meterListSchema = z.object({ items: z.array(meterSchemaView) });
export const meterSavedSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), meter: meterSchemaView });
export type MeterSaved = z.infer<typeof meterSavedSchema>;
