import type { ChargerLogFilter, ChargerLogQuery } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { CsvCell } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { requireChargerTarget } from '../remote-actions/charger-command.ts';
import { chargerLogPages, listChargerEvents, listChargerLog } from './charger-events.repository.ts';

export const CHARGER_LOG_CSV_HEADER = ['Time', 'Charger', 'Charger id', 'Kind', 'Summary'];
const EXPORT_PAGE = 1000;

/**
 * The charger log: what chargers reported and what was done to them, newest first. One charger's log
 * checks the charger's location here; a location's log is scoped by the route (its locationId).
 */
export const createChargerEventsService = ({ db }: { db: Database }) => ({
  list: async (auth: AuthContext, id: string, page: number, pageSize: number) => {
    await requireChargerTarget(db, auth, id);
    return listChargerEvents(db, id, page, pageSize);
  },

  locationLog: async ({ page, pageSize, ...filter }: ChargerLogQuery) => ({ ...(await listChargerLog(db, filter, page, pageSize)), page, pageSize }),

  async *exportRows(filter: ChargerLogFilter): AsyncGenerator<CsvCell[][]> {
    for await (const entries of chargerLogPages(db, filter, EXPORT_PAGE)) {
      yield entries.map((entry) => [entry.at, entry.chargerName, entry.chargerCode, entry.kind, entry.summary]);
    }
  },
});

export type ChargerEventsService = ReturnType<typeof createChargerEventsService>;
