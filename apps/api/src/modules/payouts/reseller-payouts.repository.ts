import type { TransferStatus } from '@wattdesk/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { ledgerEntries, resellerPaymentAccounts, resellerTransfers } from '../../db/schema/index.ts';

export type ResellerTransferRow = typeof resellerTransfers.$inferSelect;

export const findAccount = async (db: Executor): Promise<typeof resellerPaymentAccounts.$inferSelect | undefined> => {
  const [row] = await db.select().from(resellerPaymentAccounts).limit(1);
  return row;
};

/** Serialises the reseller's transfers: two requests cannot both read the same collected share and send it. */
export const lockAccount = async (tx: Executor) =>
  tx.execute(sql`select ${resellerPaymentAccounts.organisation} from ${resellerPaymentAccounts} for update`);

/**
 * Per location and currency, from the ledger: `earned` — all of reseller_share; `collected` — the part whose
 * session was paid (it has a session_revenue posting: collected by a payment, or priced as collected before
 * decision 082) plus postings of no session (the reseller's own transfers and their failures); `paidOut` — the
 * reseller_transfer account. The collected part, net of transfers, is what may be paid.
 */
export const shareSums = async (db: Executor) =>
  rowsOf<{ location_id: string; currency: string; earned: string; available: string; paid_out: string }>(
    await db.execute(sql`
    select e.location_id, e.currency,
      coalesce(sum(e.amount_minor) filter (where e.account = 'reseller_share' and e.session_id is not null), 0) as earned,
      coalesce(sum(e.amount_minor) filter (where e.account = 'reseller_share' and (e.session_id is null or exists (
        select 1 from ledger_entries c
        where c.location_id = e.location_id and c.session_id = e.session_id and c.account = 'session_revenue'))), 0) as available,
      coalesce(sum(e.amount_minor) filter (where e.account = 'reseller_transfer'), 0) as paid_out
    from ledger_entries e
    where e.account in ('reseller_share', 'reseller_transfer')
    group by 1, 2`),
  ).map((row) => ({
    locationId: row.location_id,
    currency: row.currency,
    earned: Number(row.earned),
    available: Number(row.available),
    paidOut: Number(row.paid_out),
  }));

export const insertTransfer = async (db: Executor, values: typeof resellerTransfers.$inferInsert): Promise<ResellerTransferRow> => {
  const [row] = await db.insert(resellerTransfers).values(values).returning();
  return row!;
};

export const transferByRequestKey = async (db: Executor, requestKey: string): Promise<ResellerTransferRow | undefined> => {
  const [row] = await db.select().from(resellerTransfers).where(eq(resellerTransfers.requestKey, requestKey)).limit(1);
  return row;
};

export const transfersInStatus = async (db: Executor, statuses: TransferStatus[], currency?: string) =>
  db
    .select()
    .from(resellerTransfers)
    .where(and(inArray(resellerTransfers.status, statuses), currency ? eq(resellerTransfers.currency, currency) : undefined));

export const latestTransfers = async (db: Executor, limit: number) =>
  db.select().from(resellerTransfers).orderBy(desc(resellerTransfers.createdAt), desc(resellerTransfers.id)).limit(limit);

/** Moves a transfer on only from the status it was read in: a replay or a race changes nothing. */
export const advanceTransfer = async (db: Executor, id: string, from: TransferStatus[], changes: Partial<typeof resellerTransfers.$inferInsert>) =>
  (
    await db
      .update(resellerTransfers)
      .set(changes)
      .where(and(eq(resellerTransfers.id, id), inArray(resellerTransfers.status, from)))
      .returning()
  )[0];

/** What a transfer took from each location's reseller share (its reseller_transfer postings). */
export const transferParts = async (db: Executor, transferId: string) =>
  db
    .select({ locationId: ledgerEntries.locationId, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transferId, transferId), eq(ledgerEntries.account, 'reseller_transfer')))
    .groupBy(ledgerEntries.locationId)
    .then((rows) => rows.map((row) => ({ locationId: row.locationId, amount: Number(row.total) })));
