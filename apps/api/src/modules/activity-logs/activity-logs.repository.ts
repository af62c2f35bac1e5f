import type { ActivityLogFilter, ActivityLogItem, ActivityLogSortField } from '@wattdesk/shared';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { activityLogs, locations } from '../../db/schema/index.ts';

/**
 * Who sees which rows: undefined for users who reach every location; otherwise the rows of their
 * locations, and of rows without a location only those about themselves (their sign-ins, their account).
 */
export type ActivityScope = { locationIds: readonly string[]; userId: string } | undefined;

const scopeCondition = (scope: NonNullable<ActivityScope>): SQL | undefined => {
  const own = and(
    isNull(activityLogs.locationId),
    or(eq(activityLogs.actorUserId, scope.userId), and(eq(activityLogs.entity, 'user'), eq(activityLogs.entityId, scope.userId))),
  );
  return scope.locationIds.length ? or(inArray(activityLogs.locationId, [...scope.locationIds]), own) : own;
};

/** `admin` matches every `admin.…` action; `admin.invite` only itself. */
const actionCondition = (action: string) => or(eq(activityLogs.action, action), like(activityLogs.action, `${escapeLike(action)}.%`));

export const activityWhere = (filter: ActivityLogFilter, scope: ActivityScope): SQL | undefined =>
  and(
    scope ? scopeCondition(scope) : undefined,
    filter.from ? gte(activityLogs.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lte(activityLogs.createdAt, new Date(filter.to)) : undefined,
    filter.actor ? ilike(activityLogs.actorEmail, `%${escapeLike(filter.actor)}%`) : undefined,
    filter.action ? actionCondition(filter.action) : undefined,
    filter.entity ? eq(activityLogs.entity, filter.entity) : undefined,
    filter.locationId ? eq(activityLogs.locationId, filter.locationId) : undefined,
  );

const columns = {
  id: activityLogs.id,
  createdAt: activityLogs.createdAt,
  actorUserId: activityLogs.actorUserId,
  actorEmail: activityLogs.actorEmail,
  actorType: activityLogs.actorType,
  action: activityLogs.action,
  entity: activityLogs.entity,
  entityId: activityLogs.entityId,
  locationId: activityLogs.locationId,
  locationName: locations.name,
  changes: activityLogs.changes,
  ipAddress: activityLogs.ipAddress,
};

type Row = Omit<ActivityLogItem, 'createdAt'> & { createdAt: Date };
const toItem = (row: Row): ActivityLogItem => ({ ...row, createdAt: row.createdAt.toISOString() });

const select = (db: Executor) =>
  db.select(columns).from(activityLogs).leftJoin(locations, eq(locations.id, activityLogs.locationId));

export const listActivity = async (
  db: Executor,
  options: { where: SQL | undefined; sort: { field: ActivityLogSortField; descending: boolean }; page: number; pageSize: number },
) => {
  const direction = options.sort.descending ? desc : asc;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    select(db)
      .where(options.where)
      .orderBy(direction(activityLogs[options.sort.field]), desc(activityLogs.seq))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(activityLogs).where(options.where),
  ]);
  return { items: rows.map(toItem), total };
};

/** Newest first, a page at a time, continuing after the last row seen (stable while new rows arrive). */
export async function* activityPages(db: Executor, where: SQL | undefined, pageSize = 500): AsyncGenerator<ActivityLogItem[]> {
  let after: number | undefined;
  for (;;) {
    const rows = await db
      .select({ ...columns, seq: activityLogs.seq })
      .from(activityLogs)
      .leftJoin(locations, eq(locations.id, activityLogs.locationId))
      .where(and(where, after === undefined ? undefined : lt(activityLogs.seq, after)))
      .orderBy(desc(activityLogs.seq))
      .limit(pageSize);
    if (rows.length) yield rows.map(({ seq: _seq, ...row }) => toItem(row));
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.seq;
  }
}
