import type { Locale } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { Scope } from '../../db/rollup-scope.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { currencyDigits } from '../../lib/csv-sql.ts';
import { csvHeader, type CsvHeaderKey } from '../../lib/i18n/csv-headers.ts';
import { allPages, readAhead } from './report-pages.ts';
import { hours, kwh, money, zonedStamps } from './report-cells.ts';
import * as repo from './reports.repository.ts';
import * as lines from './session-lines.repository.ts';

const SESSIONS_COLUMNS = [
  'sessionsReport.transaction',
  'sessionsReport.location',
  'sessionsReport.charger',
  'sessionsReport.chargerId',
  'sessionsReport.connector',
  'sessionsReport.driver',
  'sessionsReport.timeZone',
  'sessionsReport.started',
  'sessionsReport.stopped',
  'sessionsReport.energy',
  'sessionsReport.duration',
  'sessionsReport.idle',
  'sessionsReport.cost',
  'sessionsReport.currency',
] as const satisfies readonly CsvHeaderKey[];

/**
 * The sessions report: its rows as cells (for XLSX) and as CSV text written by the database. Both are read page by
 * page; `pageSize` and `linesPageSize` are rows per query of each.
 */
export const createSessionReport = ({ db, pageSize, linesPageSize }: { db: Database; pageSize: number; linesPageSize: number }) => {
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

  return (scope: Scope, locale: Locale) => ({
    header: csvHeader(locale, SESSIONS_COLUMNS),
    rows: sessionRows(allPages<repo.SessionRow>((after, limit) => repo.sessionsPage(db, scope, after, limit), pageSize)),
    csvText: sessionLines(scope),
  });
};
