/**
 * The dashboard's downloadable reports, without zod: the dashboard's first screen lists them, and the schemas
 * in schemas/dashboard.ts validate against them (issue 18: zod stays out of the dashboard shell).
 */
export const REPORT_KINDS = ['sessions', 'energy-by-charger', 'revenue-by-location', 'uptime-by-charger', 'violations', 'locations'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_TITLES: Record<ReportKind, string> = {
  sessions: 'Charging sessions',
  'energy-by-charger': 'Energy by charger',
  'revenue-by-location': 'Revenue by location and month',
  'uptime-by-charger': 'Uptime by charger',
  violations: 'Violations',
  locations: 'Locations',
};

/** The reports over a range of days; the location list has its own route and permission (Locations_Export). */
export const RANGE_REPORT_KINDS = [
  'sessions',
  'energy-by-charger',
  'revenue-by-location',
  'uptime-by-charger',
  'violations',
] as const satisfies readonly ReportKind[];
export type RangeReportKind = (typeof RANGE_REPORT_KINDS)[number];
