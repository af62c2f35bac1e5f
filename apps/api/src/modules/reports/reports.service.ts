import {
  QUICK_REPORT_DAYS,
  REPORT_TITLES,
  minorToDecimal,
  zonedTimestampFormatter,
  type DashboardRange,
  type LocationsReportQuery,
  type RangeReportKind,
  type ReportKind,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { CsvCell } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess, locationScope } from '../../lib/location-access.ts';
import type { Scope } from '../../db/rollup-scope.ts';
import { currencyDigits } from '../../lib/csv-sql.ts';
import { allPages, readAhead, REPORT_LINES_PAGE, REPORT_PAGE, type PageQuery } from './report-pages.ts';
import * as repo from './reports.repository.ts';
import * as lines from './session-lines.repository.ts';

export type Report = {
  kind: ReportKind;
  title: string;
  header: readonly string[];
  rows: AsyncIterable<CsvCell[][]>;
  /** The rows as CSV text written by the database, where a report has it (the same bytes csvLine writes from `rows`). */
  csvText?: AsyncIterable<string>;
};

const kwh = (wh: number | string) => Number((Number(wh) / 1000).toFixed(3));
// Half up on the exact number of seconds (18 s is 0.005 h → 0.01), as the database rounds the CSV's text.
const hours = (seconds: number | string | null) => (seconds === null ? null : Math.round(Number(seconds) / 36) / 100);
const money = (minor: number | string | null, currency: string | null) =>
  minor === null || !currency ? null : Number(minorToDecimal(Number(minor), currency));
const percent = (part: number, whole: number) => (whole > 0 ? Number(((100 * part) / whole).toFixed(2)) : null);

async function* mapped<T>(pages: AsyncIterable<T[]>, row: (item: T) => CsvCell[], isKept?: (item: T) => boolean): AsyncGenerator<CsvCell[][]> {
  for await (const page of pages) yield (isKept ? page.filter(isKept) : page).map(row);
}

/**
 * Timestamps in their location's zone for one download, one formatter per zone: asking Intl for the zone's
 * offset twice per row (started, stopped) was most of a million-row report's time.
 */
const zonedStamps = () => {
  const formatters = new Map<string, (value: Date | number) => string>();
  return (value: string | number, timeZone: string) => {
    let format = formatters.get(timeZone);
    if (!format) formatters.set(timeZone, (format = zonedTimestampFormatter(timeZone)));
    return format(typeof value === 'number' ? value : new Date(value));
  };
};

const CHARGER_HEADER = [
  'Location',
  'Charger',
  'Charger id',
  'Sessions',
  'Energy (kWh)',
  'Session hours',
  'Idle hours',
  'Revenue',
  'Currency',
  'Violations',
];
const UPTIME_HEADER = ['Location', 'Charger', 'Charger id', 'Online hours', 'Hours elapsed', 'Uptime (%)'];

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

  /**
   * The sessions report's rows. Chargers and locations are named from what this download has looked up so far:
   * each page asks only for the ones it has not seen (at 50,000 chargers, nearly none after the first pages).
   */
  async function* sessionRows(pages: AsyncIterable<repo.SessionRow[]>): AsyncGenerator<CsvCell[][]> {
    const chargers = new Map<string, repo.NamedCharger | null>();
    const locations = new Map<string, { name: string; timeZone: string } | null>();
    const stamp = zonedStamps();
    for await (const page of pages) {
      const kept = page.filter((session) => session.in_range);
      const newChargers = [...new Set(kept.map((session) => session.charger_id).filter((id) => !chargers.has(id)))];
      const newLocations = [...new Set(kept.map((session) => session.location_id).filter((id) => !locations.has(id)))];
      if (newChargers.length || newLocations.length) {
        const found = await repo.namesOf(db, newChargers, newLocations);
        for (const id of newChargers) chargers.set(id, null);
        for (const charger of found.chargers) chargers.set(charger.id, charger);
        for (const id of newLocations) locations.set(id, null);
        for (const location of found.locations) locations.set(location.id, { name: location.name, timeZone: location.time_zone });
      }
      const rows: CsvCell[][] = [];
      for (const s of kept) {
        const charger = chargers.get(s.charger_id);
        const location = locations.get(s.location_id);
        // A charger deleted while the report was read: its sessions went with it.
        if (!charger || !location) continue;
        rows.push([
          s.transaction_id,
          location.name,
          charger.name,
          charger.charger_code,
          s.connector_id,
          s.id_tag,
          location.timeZone,
          stamp(s.started_ms, location.timeZone),
          s.stopped_ms === null ? null : stamp(s.stopped_ms, location.timeZone),
          kwh(s.energy_wh),
          hours(s.duration_seconds),
          hours(s.idle_seconds),
          money(s.total, s.currency),
          s.currency,
        ]);
      }
      if (rows.length) yield rows;
    }
  }

  /** The sessions report's CSV text, page after page (session-lines.repository.ts). */
  async function* sessionLines(scope: Scope): AsyncGenerator<string> {
    const digits = currencyDigits(await lines.currenciesInUse(db));
    const pages = readAhead(
      (after: repo.SessionKey | undefined) => lines.sessionLinesPage(db, scope, after, linesPageSize, digits),
      (page) => (page.read < linesPageSize ? undefined : page.last),
    );
    for await (const page of pages) yield* page.pieces;
  }

  const builders: Record<RangeReportKind, (scope: Scope) => Omit<Report, 'kind' | 'title'>> = {
    sessions: (scope) => ({
      header: [
        'Transaction',
        'Location',
        'Charger',
        'Charger id',
        'Connector',
        'Driver (id tag)',
        'Time zone',
        'Started',
        'Stopped',
        'Energy (kWh)',
        'Duration (h)',
        'Idle (h)',
        'Cost',
        'Currency',
      ],
      rows: sessionRows(pagesOf<repo.SessionRow>((after, limit) => repo.sessionsPage(db, scope, after, limit))),
      csvText: sessionLines(scope),
    }),
    'energy-by-charger': (scope) => ({
      header: CHARGER_HEADER,
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
    'revenue-by-location': (scope) => ({
      header: ['Location', 'Month', 'Sessions', 'Energy (kWh)', 'Revenue', 'Currency'],
      rows: mapped(
        pagesOf<repo.MonthRow>((after, limit) => repo.revenuePage(db, scope, after, limit)),
        (m) => [m.name, m.month, Number(m.sessions), kwh(m.energy_wh), money(m.revenue, m.currency), m.currency],
      ),
    }),
    'uptime-by-charger': (scope) => ({
      header: UPTIME_HEADER,
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
    violations: (scope) => {
      const stamp = zonedStamps();
      return {
        header: [
          'Location',
          'Charger',
          'Driver (id tag)',
          'Rule',
          'Time zone',
          'Detected',
          'Limit (min)',
          'Actual (min)',
          'Amount',
          'Currency',
          'Status',
        ],
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

  const rangeReport = (auth: AuthContext, kind: RangeReportKind, query: DashboardRange): Report => ({
    kind,
    title: REPORT_TITLES[kind],
    ...builders[kind](scopeOf(auth, query)),
  });

  const locationsReport = (auth: AuthContext, query: LocationsReportQuery): Report => {
    if (query.locationId) assertLocationAccess(auth, query.locationId);
    const locationIds = query.locationId ? [query.locationId] : locationScope(auth);
    return {
      kind: 'locations',
      title: REPORT_TITLES.locations,
      header: ['Name', 'Address', 'Address line 2', 'City', 'State', 'Zip code', 'Time zone', 'Currency', 'Chargers', 'Reseller'],
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
          l.has_reseller ? 'Yes' : 'No',
        ],
      ),
    };
  };

  /** The chargers of one location over its last QUICK_REPORT_DAYS days (today included), uptime with them. */
  const quickReport = (auth: AuthContext, locationId: string): Report => {
    const today = now().toISOString().slice(0, 10);
    const from = new Date(Date.parse(today) - (QUICK_REPORT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const scope = scopeOf(auth, { locationId, from, to: today, dayFilter: 'all-days' });
    return {
      kind: 'energy-by-charger',
      title: `Quick report ${from} to ${today}`,
      header: [...CHARGER_HEADER, 'Uptime (%)'],
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
