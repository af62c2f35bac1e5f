import type { ActivityLogFilter, ActivityLogItem, ActivityLogSortField } from '@wattdesk/shared';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, like, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { activityLogs, agreements, chargers, locations, users } from '../../db/schema/index.ts';

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

/** The entity id as a uuid when it is one, so each joined row is found through its primary key. */
const entityUuid = sql`case when ${activityLogs.entityId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${activityLogs.entityId}::uuid end`;
const actor = alias(users, 'actor');
const entityUser = alias(users, 'entity_user');
const entityLocation = alias(locations, 'entity_location');
const entityCharger = alias(chargers, 'entity_charger');
const entityAgreement = alias(agreements, 'entity_agreement');

const fullName = (person: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string>`${person.firstName} || ' ' || ${person.lastName}`;

/** What a person reads in place of an id: the user's, location's or charger's name as it is now. */
const entityName = sql<string | null>`case ${activityLogs.entity}
  when 'user' then ${fullName(entityUser)}
  when 'location' then ${entityLocation.name}
  when 'charger' then ${entityCharger.name} || ' (' || ${entityCharger.chargerId} || ')'
  when 'agreement' then ${entityAgreement.accountName} || ' · ' || ${entityAgreement.propertyName}
end`;

const columns = {
  id: activityLogs.id,
  createdAt: activityLogs.createdAt,
  actorUserId: activityLogs.actorUserId,
  actorEmail: activityLogs.actorEmail,
  actorName: sql<string | null>`${fullName(actor)}`,
  actorType: activityLogs.actorType,
  action: activityLogs.action,
  entity: activityLogs.entity,
  entityId: activityLogs.entityId,
  entityName,
  locationId: activityLogs.locationId,
  locationName: locations.name,
  locationTimeZone: locations.timeZone,
  changes: activityLogs.changes,
  ipAddress: activityLogs.ipAddress,
};

type Row = Omit<ActivityLogItem, 'createdAt'> & { createdAt: Date };
const toItem = (row: Row): ActivityLogItem => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Each join matches at most one row (primary keys), so a page stays a page. */
const select = (db: Executor, extra: { seq?: typeof activityLogs.seq } = {}) =>
  db
    .select({ ...columns, ...extra })
    .from(activityLogs)
    .leftJoin(locations, eq(locations.id, activityLogs.locationId))
    .leftJoin(actor, eq(actor.id, activityLogs.actorUserId))
    .leftJoin(entityUser, and(eq(activityLogs.entity, 'user'), sql`${entityUser.id} = ${entityUuid}`))
    .leftJoin(entityLocation, and(eq(activityLogs.entity, 'location'), sql`${entityLocation.id} = ${entityUuid}`))
    .leftJoin(entityCharger, and(eq(activityLogs.entity, 'charger'), sql`${entityCharger.id} = ${entityUuid}`))
    .leftJoin(entityAgreement, and(eq(activityLogs.entity, 'agreement'), sql`${entityAgreement.id} = ${entityUuid}`));

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
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(activityLogs)
      .where(options.where),
  ]);
  return { items: rows.map(toItem), total };
};

/** Newest first, a page at a time, continuing after the last row seen (stable while new rows arrive). */
export async function* activityPages(db: Executor, where: SQL | undefined, pageSize = 500): AsyncGenerator<ActivityLogItem[]> {
  let after: number | undefined;
  for (;;) {
    const rows = await select(db, { seq: activityLogs.seq })
      .where(and(where, after === undefined ? undefined : lt(activityLogs.seq, after)))
      .orderBy(desc(activityLogs.seq))
      .limit(pageSize);
    if (rows.length) yield rows.map(({ seq: _seq, ...row }) => toItem(row));
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.seq;
  }
}
