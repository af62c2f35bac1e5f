import {
  parseSort,
  type ActivityLogFilter,
  type ActivityLogItem,
  type ActivityLogListQuery,
  type ActivityLogSortField,
  type Paged,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { CsvCell } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { activityCsvRow } from './activity-logs.csv.ts';
import * as repo from './activity-logs.repository.ts';

const scopeOf = (auth: AuthContext): repo.ActivityScope =>
  auth.locationIds === 'all' ? undefined : { locationIds: [...auth.locationIds], userId: auth.userId };

export const createActivityLogsService = ({ db }: { db: Database }) => {
  const listActivity = async (auth: AuthContext, query: ActivityLogListQuery): Promise<Paged<ActivityLogItem>> => {
    const { items, total } = await repo.listActivity(db, {
      where: repo.activityWhere(query, scopeOf(auth)),
      sort: parseSort<ActivityLogSortField>(query.sort),
      page: query.page,
      pageSize: query.pageSize,
    });
    return { items, total, page: query.page, pageSize: query.pageSize };
  };

  /** The filtered rows as CSV rows, newest first, read page by page while the file is sent. */
  async function* exportActivity(auth: AuthContext, filter: ActivityLogFilter): AsyncGenerator<CsvCell[][]> {
    for await (const page of repo.activityPages(db, repo.activityWhere(filter, scopeOf(auth)))) yield page.map(activityCsvRow);
  }

  return { listActivity, exportActivity };
};

export type ActivityLogsService = ReturnType<typeof createActivityLogsService>;
