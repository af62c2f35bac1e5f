import { formatZonedTimestamp, type Paged, type SystemLogFilter, type SystemLogItem, type SystemLogListQuery } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { CsvCell } from '../../lib/csv.ts';
import type { CsvHeaderKey } from '../../lib/i18n/csv-headers.ts';
import * as repo from './system-logs.repository.ts';

/** The export's columns, its header line in the reader's language (lib/i18n/csv-headers). */
export const SYSTEM_CSV_COLUMNS = [
  'systemLog.time',
  'systemLog.level',
  'systemLog.source',
  'systemLog.event',
  'systemLog.message',
  'systemLog.details',
] as const satisfies readonly CsvHeaderKey[];

// No location: UTC, written with its offset like every exported time.
const csvRow = (item: SystemLogItem): CsvCell[] => [
  formatZonedTimestamp(item.createdAt, 'UTC'),
  item.level,
  item.source,
  item.event,
  item.message,
  item.details ? JSON.stringify(item.details) : '',
];

/** The system log is for staff (System_Logs_View) and not tied to locations. */
export const createSystemLogsService = ({ db }: { db: Database }) => {
  const listSystemEvents = async (query: SystemLogListQuery): Promise<Paged<SystemLogItem>> => {
    const { items, total } = await repo.listSystemEvents(db, { where: repo.systemWhere(query), page: query.page, pageSize: query.pageSize });
    return { items, total, page: query.page, pageSize: query.pageSize };
  };

  async function* exportSystemEvents(filter: SystemLogFilter): AsyncGenerator<CsvCell[][]> {
    for await (const page of repo.systemEventPages(db, repo.systemWhere(filter))) yield page.map(csvRow);
  }

  return { listSystemEvents, exportSystemEvents };
};

export type SystemLogsService = ReturnType<typeof createSystemLogsService>;
