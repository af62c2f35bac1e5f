import type { LedgerAccount } from '@wattdesk/shared';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { daysInRange, inScope, type Scope } from '../../db/rollup-scope.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { deals, ledgerEntries, payoutTransfers, revenueShares, sessionPayments } from '../../db/schema/index.ts';

export type LedgerEvent = (typeof ledgerEntries.$inferInsert)['event'];
export type Posting = { account: LedgerAccount; amount: number };
export type Movement = {
  locationId: string;
  currency: string;
  event: LedgerEvent;
  reference: string;
  occurredAt: Date;
  sessionId?: string | null;
  transferId?: string | null;
  postings: readonly Posting[];
};
export type ShareRow = typeof revenueShares.$inferSelect;
export type DealRow = typeof deals.$inferSelect;

/**
 * Appends one movement; its postings must sum to zero (double entry). Zero postings are left out. Answers
 * false when the same cause was already recorded (the unique reference), so a replay records nothing.
 */
export const appendMovement = async (db: Executor, movement: Movement): Promise<boolean> => {
  // One row per account and cause (the unique reference): postings to the same account are merged first.
  const merged = new Map<LedgerAccount, number>();
  for (const posting of movement.postings) merged.set(posting.account, (merged.get(posting.account) ?? 0) + posting.amount);
  const postings = [...merged].map(([account, amount]) => ({ account, amount })).filter((posting) => posting.amount !== 0);
  if (postings.reduce((sum, posting) => sum + posting.amount, 0) !== 0) throw new Error(`unbalanced ledger movement ${movement.event}`);
  if (postings.length === 0) return true;
  const movementId = crypto.randomUUID();
  const inserted = await db
    .insert(ledgerEntries)
    .values(
      postings.map((posting) => ({
        movementId,
        locationId: movement.locationId,
        account: posting.account,
        amount: posting.amount,
        currency: movement.currency,
        event: movement.event,
        reference: movement.reference,
        sessionId: movement.sessionId ?? null,
        transferId: movement.transferId ?? null,
        occurredAt: movement.occurredAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ seq: ledgerEntries.seq });
  return inserted.length > 0;
};

/** Whether a movement of this event and cause was recorded. */
export const movementExists = async (db: Executor, event: LedgerEvent, reference: string) =>
  (
    await db
      .select({ seq: ledgerEntries.seq })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.event, event), eq(ledgerEntries.reference, reference)))
      .limit(1)
  ).length > 0;

/** Receivables given up: what refunds of sessions nobody had paid put back on the receivable accounts. */
export const writtenOffSums = async (db: Executor, locationId: string) =>
  db
    .select({ currency: ledgerEntries.currency, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.locationId, locationId),
        eq(ledgerEntries.event, 'refund'),
        inArray(ledgerEntries.account, ['session_receivable', 'roaming_receivable']),
      ),
    )
    .groupBy(ledgerEntries.currency)
    .then((rows) => rows.map((row) => ({ currency: row.currency, total: Number(row.total) })));

/** Sums per currency and account: every balance figure is read from here. */
export const accountSums = async (db: Executor, locationId: string) =>
  db
    .select({ currency: ledgerEntries.currency, account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.locationId, locationId))
    .groupBy(ledgerEntries.currency, ledgerEntries.account)
    .then((rows) => rows.map((row) => ({ ...row, total: Number(row.total) })));

/** What sits in the transfer account per transfer status: in flight (pending, in transit) or paid. */
export const transferSums = async (db: Executor, locationId: string) =>
  db
    .select({ currency: ledgerEntries.currency, status: payoutTransfers.status, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .innerJoin(payoutTransfers, eq(payoutTransfers.id, ledgerEntries.transferId))
    .where(and(eq(ledgerEntries.locationId, locationId), eq(ledgerEntries.account, 'transfer')))
    .groupBy(ledgerEntries.currency, payoutTransfers.status)
    .then((rows) => rows.map((row) => ({ ...row, total: Number(row.total) })));

export const sharesOf = async (db: Executor, locationId: string): Promise<ShareRow[]> =>
  db.select().from(revenueShares).where(eq(revenueShares.locationId, locationId)).orderBy(desc(revenueShares.effectiveFrom));

export const shareAt = async (db: Executor, locationId: string, at: Date): Promise<ShareRow | undefined> => {
  const [row] = await db
    .select()
    .from(revenueShares)
    .where(and(eq(revenueShares.locationId, locationId), lte(revenueShares.effectiveFrom, at)))
    .orderBy(desc(revenueShares.effectiveFrom))
    .limit(1);
  return row;
};

export const dealsOf = async (db: Executor, locationId: string): Promise<DealRow[]> =>
  db.select().from(deals).where(eq(deals.locationId, locationId)).orderBy(desc(deals.startDate), desc(deals.createdAt));

/** A revenue-share deal in its term at `at` (the latest started wins). */
export const revenueDealAt = async (db: Executor, locationId: string, at: Date): Promise<DealRow | undefined> => {
  const day = at.toISOString().slice(0, 10);
  const [row] = await db
    .select()
    .from(deals)
    .where(
      and(
        eq(deals.locationId, locationId),
        eq(deals.kind, 'revenue_share'),
        sql`${deals.startDate} <= ${day}::date`,
        sql`${day}::date < ${deals.startDate} + make_interval(months => ${deals.termMonths})`,
      ),
    )
    .orderBy(desc(deals.startDate), desc(deals.createdAt))
    .limit(1);
  return row;
};

export const fixedFeeDeals = async (db: Executor) => db.select().from(deals).where(eq(deals.kind, 'fixed_fee'));

/** Session revenue recorded while the location had no share and not yet split. */
export const unallocatedOf = async (db: Executor, locationId: string) =>
  db
    .select({
      reference: ledgerEntries.reference,
      sessionId: ledgerEntries.sessionId,
      amount: ledgerEntries.amount,
      currency: ledgerEntries.currency,
      occurredAt: ledgerEntries.occurredAt,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.locationId, locationId),
        eq(ledgerEntries.event, 'session_priced'),
        eq(ledgerEntries.account, 'unallocated'),
        sql`not exists (select 1 from ledger_entries done where done.event = 'share_allocated' and done.reference = ${ledgerEntries.reference} and done.account = 'unallocated')`,
      ),
    );

export const insertShare = async (db: Executor, values: typeof revenueShares.$inferInsert): Promise<ShareRow | undefined> => {
  const [row] = await db.insert(revenueShares).values(values).onConflictDoNothing().returning();
  return row;
};

export const insertDeal = async (db: Executor, values: typeof deals.$inferInsert): Promise<DealRow> => {
  const [row] = await db.insert(deals).values(values).returning();
  return row!;
};

/** What a session's movements (priced, share applied, refunds) put on each account, per currency. */
export const sessionParts = async (db: Executor, locationId: string, sessionId: string) =>
  db
    .select({ account: ledgerEntries.account, currency: ledgerEntries.currency, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.locationId, locationId), eq(ledgerEntries.sessionId, sessionId)))
    .groupBy(ledgerEntries.account, ledgerEntries.currency)
    .then((rows) => rows.map((row) => ({ ...row, total: Number(row.total) })));

/** The postings of one movement, by its event and cause. */
export const postingsOf = async (db: Executor, event: LedgerEvent, reference: string) =>
  db
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.event, event), eq(ledgerEntries.reference, reference)));

/**
 * Whether a session's card payment succeeded (decision 082): such a session is refunded through the provider.
 * Read here until the driver-payments service offers it; the refunds service takes it as an injected function.
 */
export const sessionPaidByCard = async (db: Executor, sessionId: string) =>
  (
    await db
      .select({ status: sessionPayments.status })
      .from(sessionPayments)
      .where(and(eq(sessionPayments.sessionId, sessionId), inArray(sessionPayments.status, ['paid', 'refunded'])))
  ).length > 0;

/** The postings of a refund already recorded under an idempotency key. */
export const refundByKey = async (db: Executor, key: string) =>
  db
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount, sessionId: ledgerEntries.sessionId, currency: ledgerEntries.currency })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.event, 'refund'), eq(ledgerEntries.reference, key)));
/**
 * What the ledger recorded for the sessions started on the scope's local days (each location's own calendar,
 * the Day filter applied): session revenue and the reseller's part of it, per location and currency.
 */
export const sessionSharesIn = async (db: Executor, scope: Scope) =>
  rowsOf<{ location_id: string; currency: string; revenue: string; share: string }>(
    await db.execute(sql`
    select e.location_id, e.currency,
      -coalesce(sum(e.amount_minor) filter (where e.account in ('session_revenue', 'session_receivable', 'roaming_receivable') and e.event <> 'refund'), 0) as revenue,
      coalesce(sum(e.amount_minor) filter (where e.account = 'reseller_share'), 0) as share
    from ledger_entries e join charging_sessions cs on cs.id = e.session_id join locations l on l.id = cs.location_id
    where ${inScope(sql`e.location_id`, scope)} and e.account in ('session_revenue', 'session_receivable', 'roaming_receivable', 'reseller_share')
      and ${daysInRange(sql`(cs.started_at at time zone l.time_zone)::date`, scope)}
    group by 1, 2`),
  ).map((row) => ({ locationId: row.location_id, currency: row.currency, revenue: Number(row.revenue), share: Number(row.share) }));
