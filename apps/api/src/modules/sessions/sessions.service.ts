import {
  AppError,
  formatZonedTimestamp,
  minorToDecimal,
  parseSort,
  type ChargingSession,
  type SessionDetail,
  type SessionListQuery,
  formatKwhCell,
  type Locale,
} from '@wattdesk/shared';
import { locationTimeZone } from '../../db/location-time-zone.ts';
import type { Database } from '../../db/client.ts';
import type { CsvCell, CsvExport } from '../../lib/csv.ts';
import { csvHeader } from '../../lib/i18n/csv-headers.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import * as repo from './sessions.repository.ts';
import type { SessionPricing } from '../tariffs/session-pricing.service.ts';

/** Times are the location's wall clock with their UTC offset; the header names the zone. */
export const sessionCsvHeader = (timeZone: string, locale: Locale = 'en') =>
  csvHeader(
    locale,
    [
      'sessions.transaction',
      'sessions.charger',
      'sessions.chargerId',
      'sessions.connector',
      'sessions.driver',
      'sessions.started',
      'sessions.stopped',
      'sessions.energy',
      'sessions.stopReason',
      'sessions.status',
      'sessions.cost',
      'sessions.currency',
    ],
    { zone: timeZone },
  );
const EXPORT_PAGE = 1000;

/** Minor units as the decimal a spreadsheet reads: 1234 USD → 12.34. */
const decimalOf = (cost: ChargingSession['cost']) => (cost ? minorToDecimal(cost.total, cost.currency) : null);

export const createSessionsService = ({ db, pricing }: { db: Database; pricing: Pick<SessionPricing, 'costsOf' | 'priceView'> }) => {
  /** Final prices of stopped sessions, live estimates of running ones. */
  const withCosts = async (items: ChargingSession[]): Promise<ChargingSession[]> => {
    const costs = await pricing.costsOf(items);
    return items.map((item) => ({ ...item, cost: costs.get(item.id) ?? null }));
  };

  const filterOf = (query: Omit<SessionListQuery, 'page' | 'pageSize'>): repo.SessionFilter => ({
    locationId: query.locationId,
    from: query.from,
    to: query.to,
    chargerId: query.chargerId,
    driver: query.driver || undefined,
    status: query.status,
    connectorType: query.connectorType,
  });

  const list = async (query: SessionListQuery) => {
    const page = await repo.listSessions(db, filterOf(query), parseSort<repo.SessionSort['field']>(query.sort), query.page, query.pageSize);
    return { ...page, items: await withCosts(page.items), page: query.page, pageSize: query.pageSize };
  };

  async function* exportRows(query: Omit<SessionListQuery, 'page' | 'pageSize'>, timeZone: string): AsyncGenerator<CsvCell[][]> {
    const sort = parseSort<repo.SessionSort['field']>(query.sort);
    for (let page = 1; ; page += 1) {
      const { items: found } = await repo.listSessions(db, filterOf(query), sort, page, EXPORT_PAGE);
      const items = await withCosts(found);
      yield items.map((s) => [
        s.transactionId,
        s.chargerName,
        s.chargerCode,
        s.connectorId,
        s.idTag,
        formatZonedTimestamp(s.startedAt, timeZone),
        s.stoppedAt && formatZonedTimestamp(s.stoppedAt, timeZone),
        formatKwhCell(s.energyKwh),
        s.stopReason,
        s.status,
        decimalOf(s.cost),
        s.cost?.currency,
      ]);
      if (items.length < EXPORT_PAGE) return;
    }
  }

  const detail = async (auth: AuthContext, id: string): Promise<SessionDetail> => {
    const session = await repo.findSession(db, id);
    if (!session) throw new AppError('SESSION_NOT_FOUND');
    assertLocationAccess(auth, session.locationId);
    const [[priced], samples, price] = await Promise.all([withCosts([session]), repo.sessionSamples(db, id), pricing.priceView(id)]);
    return { ...priced!, samples, price };
  };

  /** The CSV export: a header naming the location's time zone, then the rows page after page. */
  const exportCsv = async (query: Omit<SessionListQuery, 'page' | 'pageSize'>, locale: Locale): Promise<CsvExport> => {
    const timeZone = await locationTimeZone(db, query.locationId);
    return { header: sessionCsvHeader(timeZone, locale), rows: exportRows(query, timeZone) };
  };

  return { list, exportCsv, detail };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
