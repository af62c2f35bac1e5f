import type { SystemLogFilter, SystemLogItem } from '@wattdesk/shared';
import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { systemEvents } from '../../db/schema/index.ts';

export const systemWhere = (filter: SystemLogFilter): SQL | undefined =>
  and(
    filter.from ? gte(systemEvents.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lte(systemEvents.createdAt, new Date(filter.to)) : undefined,
    filter.level ? eq(systemEvents.level, filter.level) : undefined,
    filter.source ? eq(systemEvents.source, filter.source) : undefined,
    filter.search
      ? or(ilike(systemEvents.event, `%${escapeLike(filter.search)}%`), ilike(systemEvents.message, `%${escapeLike(filter.search)}%`))
      : undefined,
  );

const columns = {
  id: systemEvents.id,
  createdAt: systemEvents.createdAt,
  level: systemEvents.level,
  source: systemEvents.source,
  event: systemEvents.event,
  message: systemEvents.message,
  details: systemEvents.details,
};

type Row = Omit<SystemLogItem, 'createdAt'> & { createdAt: Date };
const toItem = (row: Row): SystemLogItem => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Newest first. */
export const listSystemEvents = async (db: Executor, options: { where: SQL | undefined; page: number; pageSize: number }) => {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(systemEvents)
      .where(options.where)
      .orderBy(desc(systemEvents.createdAt), desc(systemEvents.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(systemEvents)
      .where(options.where),
  ]);
  return { items: rows.map(toItem), total };
};

/** Newest first, a page at a time after the last row seen; the cursor keeps the database's microseconds. */
export async function* systemEventPages(db: Executor, where: SQL | undefined, pageSize = 500): AsyncGenerator<SystemLogItem[]> {
  const cursorAt = sql<string>`${systemEvents.createdAt}::text`;
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const keyset = after ? sql`(${systemEvents.createdAt}, ${systemEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;
    const rows = await db
      .select({ ...columns, cursorAt })
      .from(systemEvents)
      .where(and(where, keyset))
      .orderBy(desc(systemEvents.createdAt), desc(systemEvents.id))
      .limit(pageSize);
    if (rows.length) yield rows.map(({ cursorAt: _cursor, ...row }) => toItem(row));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursorAt, id: last.id };
  }
}
