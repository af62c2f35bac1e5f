import { formatZonedTimestamp, type ChargerLogFilter, type ChargerLogQuery, type Locale } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { locationTimeZone } from '../../db/location-time-zone.ts';
import type { CsvCell, CsvExport } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { csvHeader } from '../../lib/i18n/csv-headers.ts';
import type { ChargersService } from '../chargers/chargers.service.ts';
import { chargerLogPages, listChargerEvents, listChargerLog } from './charger-events.repository.ts';

/** Times are the location's wall clock with their UTC offset; the header names the zone. */
export const chargerLogCsvHeader = (timeZone: string, locale: Locale = 'en') =>
  csvHeader(locale, ['chargerLog.time', 'chargerLog.charger', 'chargerLog.chargerId', 'chargerLog.kind', 'chargerLog.summary'], { zone: timeZone });
const EXPORT_PAGE = 1000;

/**
 * The charger log: what chargers reported and what was done to them, newest first. One charger's log
 * checks the charger's location here; a location's log is scoped by the route (its locationId).
 */
export const createChargerEventsService = ({ db, chargers }: { db: Database; chargers: ChargersService }) => ({
  list: async (auth: AuthContext, id: string, page: number, pageSize: number) => {
    await chargers.get(auth, id);
    return listChargerEvents(db, id, page, pageSize);
  },

  locationLog: async ({ page, pageSize, ...filter }: ChargerLogQuery) => ({ ...(await listChargerLog(db, filter, page, pageSize)), page, pageSize }),

  /** The CSV export: a header naming the location's time zone, then the entries page after page. */
  exportCsv: async (filter: ChargerLogFilter, locale: Locale): Promise<CsvExport> => {
    const timeZone = await locationTimeZone(db, filter.locationId);
    async function* rows(): AsyncGenerator<CsvCell[][]> {
      for await (const entries of chargerLogPages(db, filter, EXPORT_PAGE)) {
        yield entries.map((entry) => [formatZonedTimestamp(entry.at, timeZone), entry.chargerName, entry.chargerCode, entry.kind, entry.summary]);
      }
    }
    return { header: chargerLogCsvHeader(timeZone, locale), rows: rows() };
  },
});

export type ChargerEventsService = ReturnType<typeof createChargerEventsService>;
