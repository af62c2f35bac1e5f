import {
  QUICK_REPORT_DAYS,
  type DashboardRange,
  type LocationsReportQuery,
  type RangeReportKind,
  type Locale,
  type ReportKind,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { CsvCell } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { csvHeader, exportText, type CsvHeaderKey } from '../../lib/i18n/csv-headers.ts';
import { assertLocationAccess, locationScope } from '../../lib/location-access.ts';
import type { Scope } from '../../db/rollup-scope.ts';
import { allPages, REPORT_LINES_PAGE, REPORT_PAGE, type PageQuery } from './report-pages.ts';
import { hours, kwh, money, percent, zonedStamps } from './report-cells.ts';
import * as repo from './reports.repository.ts';
import { createSessionReport } from './session-report.ts';

export type Report = {
  kind: ReportKind;
  title: string;
  header: readonly string[];
  rows: AsyncIterable<CsvCell[][]>;
  /** The rows as CSV text written by the database, where a report has it (the same bytes csvLine writes from `rows`). */
  csvText?: AsyncIterable<string>;
};

async function* mapped<T>(pages: AsyncIterable<T[]>, row: (item: T) => CsvCell[], isKept?: (item: T) => boolean): AsyncGenerator<CsvCell[][]> {
  for await (const page of pages) yield (isKept ? page.filter(isKept) : page).map(row);
}

const CHARGER_COLUMNS = [
  'chargersReport.location',
  'chargersReport.charger',
  'chargersReport.chargerId',
  'chargersReport.sessions',
  'chargersReport.energy',
  'chargersReport.sessionHours',
  'chargersReport.idleHours',
  'chargersReport.revenue',
  'chargersReport.currency',
  'chargersReport.violations',
] as const satisfies readonly CsvHeaderKey[];
const UPTIME_COLUMNS = [
  'uptimeReport.location',
  'uptimeReport.charger',
  'uptimeReport.chargerId',
  'uptimeReport.onlineHours',
  'uptimeReport.hoursElapsed',
  'uptimeReport.uptime',
] as const satisfies readonly CsvHeaderKey[];

/**
 * The report downloads (decision 038): each a header and rows read page by page, scoped to the user's reach.
 * `pageSize`, `linesPageSize`: rows per query (tests make them small to cross page boundaries with few rows).
 */
export const createReportsService = ({
  db,
  now,
  pageSize = REPORT_PAGE,
  linesPageSize = REPORT_LINES_PAGE,
}: {
  db: Database;
  now: () => Date;
  pageSize?: number;
  linesPageSize?: number;
}) => {
  const pagesOf = <T>(page: PageQuery<T>) => allPages(page, pageSize);

  const scopeOf = (auth: AuthContext, query: DashboardRange): Scope => {
    if (query.locationId) assertLocationAccess(auth, query.locationId);
    return {
      locationIds: query.locationId ? [query.locationId] : locationScope(auth),
      from: query.from,
      to: query.to,
      dayFilter: query.dayFilter,
      now: now(),
    };
  };

  const sessionReport = createSessionReport({ db, pageSize, linesPageSize });

  const builders: Record<RangeReportKind, (scope: Scope, locale: Locale) => Omit<Report, 'kind' | 'title'>> = {
    sessions: sessionReport,
    'energy-by-charger': (scope, locale) => ({
      header: csvHeader(locale, CHARGER_COLUMNS),
      rows: mapped(
        pagesOf<repo.ChargerRow>((after, limit) => repo.chargersPage(db, scope, after, limit)),
        (c) => [
          c.location_name,
          c.charger_name,
          c.charger_code,
          Number(c.sessions),
          kwh(c.energy_wh),
          hours(c.session_seconds),
          hours(c.idle_seconds),
          money(c.revenue, c.currency),
          c.currency,
          Number(c.violations),
        ],
      ),
    }),
    'revenue-by-location': (scope, locale) => ({
      header: csvHeader(locale, [
        'revenueReport.location',
        'revenueReport.month',
        'revenueReport.sessions',
        'revenueReport.energy',
        'revenueReport.revenue',
        'revenueReport.currency',
      ]),
      rows: mapped(
        pagesOf<repo.MonthRow>((after, limit) => repo.revenuePage(db, scope, after, limit)),
        (m) => [m.name, m.month, Number(m.sessions), kwh(m.energy_wh), money(m.revenue, m.currency), m.currency],
      ),
    }),
    'uptime-by-charger': (scope, locale) => ({
      header: csvHeader(locale, UPTIME_COLUMNS),
      rows: mapped(
        pagesOf<repo.ChargerRow>((after, limit) => repo.chargersPage(db, scope, after, limit)),
        (c) => [
          c.location_name,
          c.charger_name,
          c.charger_code,
          hours(c.online_seconds),
          hours(c.elapsed_seconds),
          percent(Number(c.online_seconds), Number(c.elapsed_seconds)),
        ],
      ),
    }),
    violations: (scope, locale) => {
      const stamp = zonedStamps();
      return {
        header: csvHeader(locale, [
          'violationsReport.location',
          'violationsReport.charger',
          'violationsReport.driver',
          'violationsReport.rule',
          'violationsReport.timeZone',
          'violationsReport.detected',
          'violationsReport.limit',
          'violationsReport.actual',
          'violationsReport.amount',
          'violationsReport.currency',
          'violationsReport.status',
        ]),
        rows: mapped(
          pagesOf<repo.ViolationRow>((after, limit) => repo.violationsPage(db, scope, after, limit)),
          (v) => [
            v.location_name,
            v.charger_name,
            v.id_tag,
            v.rule,
            v.time_zone,
            stamp(v.detected_at, v.time_zone),
            v.limit_minutes,
            v.actual_minutes,
            money(v.amount, v.currency),
            v.currency,
            v.status,
          ],
        ),
      };
    },
  };

  const rangeReport = (auth: AuthContext, kind: RangeReportKind, query: DashboardRange, locale: Locale = 'en'): Report => ({
    kind,
    title: exportText(locale)(`reports.title.${kind}`),
    ...builders[kind](scopeOf(auth, query), locale),
  });

  const locationsReport = (auth: AuthContext, query: LocationsReportQuery, locale: Locale = 'en'): Report => {
    if (query.locationId) assertLocationAccess(auth, query.locationId);
    const locationIds = query.locationId ? [query.locationId] : locationScope(auth);
    const say = exportText(locale);
    const [yes, no] = [say('locationsReport.value.yes'), say('locationsReport.value.no')];
    return {
      kind: 'locations',
      title: say('reports.title.locations'),
      header: csvHeader(locale, [
        'locationsReport.name',
        'locationsReport.address',
        'locationsReport.address2',
        'locationsReport.city',
        'locationsReport.state',
        'locationsReport.zipCode',
        'locationsReport.timeZone',
        'locationsReport.currency',
        'locationsReport.chargers',
        'locationsReport.reseller',
      ]),
      rows: mapped(
        pagesOf<repo.LocationRow>((after, limit) => repo.locationsPage(db, locationIds, after, limit)),
        (l) => [
          l.name,
          l.address_line1,
          l.address_line2,
          l.city,
          l.state,
          l.zip_code,
          l.time_zone,
          l.currency,
          l.charger_count,
          l.has_reseller ? yes : no,
        ],
      ),
    };
  };

  /** The chargers of one location over its last QUICK_REPORT_DAYS days (today included), uptime with them. */
  const quickReport = (auth: AuthContext, locationId: string, locale: Locale = 'en'): Report => {
    const today = now().toISOString().slice(0, 10);
    const from = new Date(Date.parse(today) - (QUICK_REPORT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const scope = scopeOf(auth, { locationId, from, to: today, dayFilter: 'all-days' });
    return {
      kind: 'energy-by-charger',
      title: exportText(locale)('reports.title.quick', { from, to: today }),
      header: csvHeader(locale, [...CHARGER_COLUMNS, 'chargersReport.uptime']),
      rows: mapped(
        pagesOf<repo.ChargerRow>((after, limit) => repo.chargersPage(db, scope, after, limit)),
        (c) => [
          c.location_name,
          c.charger_name,
          c.charger_code,
          Number(c.sessions),
          kwh(c.energy_wh),
          hours(c.session_seconds),
          hours(c.idle_seconds),
          money(c.revenue, c.currency),
          c.currency,
          Number(c.violations),
          percent(Number(c.online_seconds), Number(c.elapsed_seconds)),
        ],
      ),
    };
  };

  return { rangeReport, locationsReport, quickReport };
};
export type ReportsService = ReturnType<typeof createReportsService>;
