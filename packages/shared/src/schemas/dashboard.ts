import { z } from 'zod';
import { DAY_FILTERS, type DayFilterKey } from '../constants.ts';
import { idSchema } from './common.ts';
import { RANGE_REPORT_KINDS, REPORT_FORMATS } from '../report-kinds.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { validationMessages as m } from '../messages.ts';

/** The longest range one overview or report covers: a year and a day (leap years). */
export const DASHBOARD_MAX_RANGE_DAYS = 366;
/** The quick report's range: the last 30 days of the selected location (decision 038). */
export const QUICK_REPORT_DAYS = 30;

const dayFilterKeys = DAY_FILTERS.map((filter) => filter.key) as [DayFilterKey, ...DayFilterKey[]];
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A range of the locations' own days (YYYY-MM-DD, both included) and the top bar's Day filter. */
export const dashboardRangeSchema = z
  .object({
    /** Absent: every location in the user's reach. */
    locationId: idSchema.optional(),
    from: z.iso.date({ error: m.mustBeDate(fieldLabels.from) }),
    to: z.iso.date({ error: m.mustBeDate(fieldLabels.to) }),
    dayFilter: z.enum(dayFilterKeys, { error: m.mustBeOneOf(fieldLabels.dayFilter, 'all-days, weekdays', 'weekends') }).default('all-days'),
  })
  .refine((query) => query.from <= query.to, { error: schemaMessages.fromNotAfterTo, path: ['from'] })
  .refine((query) => daysBetween(query.from, query.to) < DASHBOARD_MAX_RANGE_DAYS, {
    error: schemaMessages.rangeAtMostDays(DASHBOARD_MAX_RANGE_DAYS),
    path: ['to'],
  });
export type DashboardRange = z.infer<typeof dashboardRangeSchema>;

/** A figure now and over the same number of days just before (null: nothing to compare with). */
export const figureSchema = z.object({ current: z.number(), previous: z.number().nullable() });
export type Figure = z.infer<typeof figureSchema>;
export const moneyFigureSchema = figureSchema.extend({ currency: z.string() });
export type MoneyFigure = z.infer<typeof moneyFigureSchema>;
export const moneySchema = z.object({ currency: z.string(), amount: z.number().int() });

export const chargerRankSchema = z.object({
  chargerId: z.string(),
  code: z.string(),
  name: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  energyWh: z.number(),
  sessions: z.number().int(),
});

export const dashboardOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  dayFilter: z.enum(dayFilterKeys),
  /** The location's zone when one location is shown; null for every location (each counts its own days). */
  timeZone: z.string().nullable(),
  figures: z.object({
    energyWh: figureSchema,
    sessions: figureSchema,
    /** Minor units, one entry per currency of the locations in scope, largest first. */
    revenue: z.array(moneyFigureSchema),
    avgEnergyWh: figureSchema,
    avgDurationSeconds: figureSchema,
    /** Share (0–1) of connector time spent in sessions, over the days elapsed. */
    utilisation: figureSchema,
    /** Share (0–1) of charger time connected, from the status history, over the days elapsed. */
    uptime: figureSchema,
    idleSeconds: figureSchema,
    violations: figureSchema,
    uniqueDrivers: figureSchema,
  }),
  series: z.array(z.object({ day: z.string(), energyWh: z.number(), sessions: z.number().int(), revenue: z.array(moneySchema) })),
  /** ISO weekday (1 Monday … 7 Sunday) × local hour: share of connector time in sessions. */
  heatMap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), utilisation: z.number() })),
  topChargers: z.array(chargerRankSchema),
  bottomChargers: z.array(chargerRankSchema),
  connectorTypes: z.array(z.object({ connectorType: z.string(), sessions: z.number().int() })),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export const resellerRevenueQuerySchema = dashboardRangeSchema;
export const resellerRevenueSchema = z.object({
  /** Per location and currency: session revenue and the reseller's part as the payouts ledger split them (decision 056). */
  locations: z.array(
    z.object({
      locationId: z.string(),
      name: z.string(),
      currency: z.string(),
      revenue: z.number().int(),
      share: z.number().int(),
      /** The reseller's basis points of the revenue share in force now; null while the location has none. */
      shareBps: z.number().int().nullable(),
    }),
  ),
  totals: z.array(z.object({ currency: z.string(), revenue: z.number().int(), share: z.number().int() })),
});
export type ResellerRevenue = z.infer<typeof resellerRevenueSchema>;

export {
  REPORT_KINDS,
  REPORT_FORMATS,
  REPORT_TITLES,
  RANGE_REPORT_KINDS,
  type ReportKind,
  type ReportFormat,
  type RangeReportKind,
} from '../report-kinds.ts';
export const reportParamsSchema = z.object({
  kind: z.enum(RANGE_REPORT_KINDS, { error: p.oneOf(fieldLabels.report, RANGE_REPORT_KINDS.join(', ')) }),
});
const formatSchema = z.enum(REPORT_FORMATS, { error: m.mustBeOneOf(fieldLabels.format, 'csv', 'xlsx') }).default('csv');
export const reportQuerySchema = dashboardRangeSchema.safeExtend({ format: formatSchema });
export type ReportQuery = z.infer<typeof reportQuerySchema>;
/** Absent location: every location in reach. */
export const locationsReportQuerySchema = z.object({ locationId: idSchema.optional(), format: formatSchema });
export type LocationsReportQuery = z.infer<typeof locationsReportQuerySchema>;
/** One click: the chargers of the selected location over its last QUICK_REPORT_DAYS days. */
export const quickReportQuerySchema = z.object({ locationId: idSchema, format: formatSchema });
export type QuickReportQuery = z.infer<typeof quickReportQuerySchema>;
