import type { TransferStatus } from '@wattdesk/shared';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerEntries, locations, payoutTransfers, providerEvents } from '../../db/schema/index.ts';

export type TransferRow = typeof payoutTransfers.$inferSelect;

/** Serialises transfers of one location: two requests cannot both read the same balance and send it. */
export const lockLocation = async (tx: Executor, locationId: string) =>
  tx.execute(sql`select ${locations.id} from ${locations} where ${locations.id} = ${locationId} for update`);

export const hostBalances = async (db: Executor, locationId: string) =>
  db
    .select({ currency: ledgerEntries.currency, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.locationId, locationId), eq(ledgerEntries.account, 'host_share')))
    .groupBy(ledgerEntries.currency)
    .then((rows) => rows.map((row) => ({ currency: row.currency, total: Number(row.total) })));

export const lastTransferEnd = async (db: Executor, locationId: string, currency: string): Promise<Date | null> => {
  const [row] = await db
    .select({ periodTo: payoutTransfers.periodTo })
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.locationId, locationId), eq(payoutTransfers.currency, currency)))
    .orderBy(desc(payoutTransfers.periodTo))
    .limit(1);
  return row?.periodTo ?? null;
};

export const insertTransfer = async (db: Executor, values: typeof payoutTransfers.$inferInsert): Promise<TransferRow> => {
  const [row] = await db.insert(payoutTransfers).values(values).returning();
  return row!;
};

export const findTransfer = async (db: Executor, id: string): Promise<TransferRow | undefined> => {
  const [row] = await db.select().from(payoutTransfers).where(eq(payoutTransfers.id, id)).limit(1);
  return row;
};

export const transfersInStatus = async (db: Executor, statuses: TransferStatus[], locationId?: string): Promise<TransferRow[]> =>
  db
    .select()
    .from(payoutTransfers)
    .where(and(inArray(payoutTransfers.status, statuses), locationId ? eq(payoutTransfers.locationId, locationId) : undefined))
    .orderBy(asc(payoutTransfers.createdAt));

/** Moves a transfer on only from the status it was read in: a replayed event or a race changes nothing. */
export const advanceTransfer = async (db: Executor, id: string, from: TransferStatus[], changes: Partial<typeof payoutTransfers.$inferInsert>) =>
  (
    await db
      .update(payoutTransfers)
      .set(changes)
      .where(and(eq(payoutTransfers.id, id), inArray(payoutTransfers.status, from)))
      .returning()
  )[0];

export const listTransfers = async (
  db: Executor,
  filter: { locationId: string; status?: TransferStatus },
  sort: { field: 'createdAt' | 'amount'; descending: boolean },
  page: number,
  pageSize: number,
) => {
  const where = and(eq(payoutTransfers.locationId, filter.locationId), filter.status ? eq(payoutTransfers.status, filter.status) : undefined);
  const column = sort.field === 'amount' ? payoutTransfers.amount : payoutTransfers.createdAt;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(payoutTransfers)
      .where(where)
      .orderBy(sort.descending ? desc(column) : asc(column), desc(payoutTransfers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(payoutTransfers).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
};

/** Locations with a positive host balance: what the scheduled run pays out. */
export const locationsWithBalance = async (db: Executor, minimum: number) =>
  db
    .select({ locationId: ledgerEntries.locationId })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, 'host_share'))
    .groupBy(ledgerEntries.locationId, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) >= ${minimum}`)
    .then((rows) => [...new Set(rows.map((row) => row.locationId))]);

/** Remembers a provider event; false when it was seen before (a second delivery changes nothing). */
export const rememberEvent = async (db: Executor, eventId: string, type: string) =>
  (await db.insert(providerEvents).values({ eventId, type }).onConflictDoNothing().returning({ eventId: providerEvents.eventId })).length > 0;

/** The transfer a provider object belongs to: by the provider's id, or by our id that the object carries. */
export const transferByProvider = async (db: Executor, match: { payoutId?: string; transferId?: string; ourId?: string | null }) => {
  const ours = match.ourId && /^[0-9a-f-]{36}$/i.test(match.ourId) ? eq(payoutTransfers.id, match.ourId) : undefined;
  const theirs = match.payoutId
    ? eq(payoutTransfers.providerPayoutId, match.payoutId)
    : match.transferId
      ? eq(payoutTransfers.providerTransferId, match.transferId)
      : undefined;
  if (!ours && !theirs) return undefined;
  const [row] = await db
    .select()
    .from(payoutTransfers)
    .where(or(...[theirs, ours].filter((c) => c !== undefined)))
    .limit(1);
  return row;
};

/** What reversals have already returned to the host balance for a transfer. */
export const reversedSoFar = async (db: Executor, transferId: string) => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transferId, transferId), eq(ledgerEntries.event, 'transfer_reversed'), eq(ledgerEntries.account, 'host_share')));
  return Number(row?.total ?? 0);
};
