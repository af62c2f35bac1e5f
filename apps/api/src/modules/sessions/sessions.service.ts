import { AppError, parseSort, type SessionDetail, type SessionListQuery } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { CsvCell } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import * as repo from './sessions.repository.ts';

export const SESSION_CSV_HEADER = ['Transaction', 'Charger', 'Charger id', 'Connector', 'Driver (id tag)', 'Started', 'Stopped', 'Energy (kWh)', 'Stop reason', 'Status'];
const EXPORT_PAGE = 1000;

export const createSessionsService = ({ db }: { db: Database }) => {
  const filterOf = (query: Omit<SessionListQuery, 'page' | 'pageSize'>): repo.SessionFilter => ({
    locationId: query.locationId,
    from: query.from,
    to: query.to,
    chargerId: query.chargerId,
    driver: query.driver || undefined,
    status: query.status,
  });

  const list = async (query: SessionListQuery) => {
    const page = await repo.listSessions(db, filterOf(query), parseSort<repo.SessionSort['field']>(query.sort), query.page, query.pageSize);
    return { ...page, page: query.page, pageSize: query.pageSize };
  };

  async function* exportRows(query: Omit<SessionListQuery, 'page' | 'pageSize'>): AsyncGenerator<CsvCell[][]> {
    const sort = parseSort<repo.SessionSort['field']>(query.sort);
    for (let page = 1; ; page += 1) {
      const { items } = await repo.listSessions(db, filterOf(query), sort, page, EXPORT_PAGE);
      yield items.map((s) => [s.transactionId, s.chargerName, s.chargerCode, s.connectorId, s.idTag, s.startedAt, s.stoppedAt, s.energyKwh.toFixed(3), s.stopReason, s.status]);
      if (items.length < EXPORT_PAGE) return;
    }
  }

  const detail = async (auth: AuthContext, id: string): Promise<SessionDetail> => {
    const session = await repo.findSession(db, id);
    if (!session) throw new AppError('SESSION_NOT_FOUND');
    assertLocationAccess(auth, session.locationId);
    return { ...session, samples: await repo.sessionSamples(db, id) };
  };

  return { list, exportRows, detail };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
