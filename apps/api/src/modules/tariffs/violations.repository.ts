import type { Violation, ViolationStatus } from '@wattdesk/shared';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers, chargingSessions, locations, violations } from '../../db/schema/index.ts';
import { escapeLike, withinLocalDays } from '../../db/sql-helpers.ts';

export type ViolationFilter = {
  locationId: string;
  status?: ViolationStatus | undefined;
  rule?: Violation['rule'] | undefined;
  chargerId?: string | undefined;
  driver?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const columns = {
  id: violations.id,
  sessionId: violations.sessionId,
  transactionId: chargingSessions.transactionId,
  chargerId: violations.chargerId,
  chargerName: chargers.name,
  idTag: violations.idTag,
  rule: violations.rule,
  amount: violations.amount,
  currency: violations.currency,
  status: violations.status,
  detectedAt: violations.detectedAt,
  limitMinutes: violations.limitMinutes,
  actualMinutes: violations.actualMinutes,
  reason: violations.reason,
  resolvedAt: violations.resolvedAt,
  resolvedBy: violations.resolvedBy,
  locationId: violations.locationId,
};

type Row = Omit<Violation, 'detectedAt' | 'resolvedAt'> & { detectedAt: Date; resolvedAt: Date | null; locationId: string };

export const toViolation = ({ locationId: _locationId, ...row }: Row): Violation => ({
  ...row,
  detectedAt: row.detectedAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** Dates are the location's own days. */
const where = (filter: ViolationFilter): SQL | undefined =>
  and(
    eq(violations.locationId, filter.locationId),
    withinLocalDays(violations.detectedAt, locations.timeZone, filter),
    filter.status ? eq(violations.status, filter.status) : undefined,
    filter.rule ? eq(violations.rule, filter.rule) : undefined,
    filter.chargerId ? eq(violations.chargerId, filter.chargerId) : undefined,
    filter.driver ? ilike(violations.idTag, `%${escapeLike(filter.driver)}%`) : undefined,
  );

const SORT = { detectedAt: violations.detectedAt, amount: violations.amount };
export type ViolationSort = { field: keyof typeof SORT; descending: boolean };

const base = (db: Executor) =>
  db
    .select(columns)
    .from(violations)
    .innerJoin(chargingSessions, eq(chargingSessions.id, violations.sessionId))
    .innerJoin(chargers, eq(chargers.id, violations.chargerId))
    .innerJoin(locations, eq(locations.id, violations.locationId));

export const listViolations = async (db: Executor, filter: ViolationFilter, sort: ViolationSort, page: number, pageSize: number) => {
  const direction = sort.descending ? desc : asc;
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where(filter))
      .orderBy(direction(SORT[sort.field]), desc(violations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(violations).innerJoin(locations, eq(locations.id, violations.locationId)).where(where(filter)),
  ]);
  return { items: rows.map(toViolation), total: total?.total ?? 0 };
};

export const findViolation = async (db: Executor, id: string): Promise<Row | undefined> => {
  const [row] = await base(db).where(eq(violations.id, id)).limit(1);
  return row;
};

/** Only an open violation moves: a second waiver of the same one changes nothing. */
export const resolveViolation = async (
  db: Executor,
  id: string,
  values: { status: 'waived' | 'paid'; reason: string | null; resolvedAt: Date; resolvedBy: string | null },
): Promise<boolean> => {
  const rows = await db
    .update(violations)
    .set(values)
    .where(and(eq(violations.id, id), eq(violations.status, 'open')))
    .returning({ id: violations.id });
  return rows.length > 0;
};
