import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ocpiOutbox, ocpiPartners } from '../../db/schema/index.ts';

/** Who is calling: the partner a presented credentials token belongs to. */
export type OcpiCaller = {
  id: string;
  name: string;
  status: (typeof ocpiPartners.$inferSelect)['status'];
  tokenKind: 'A' | 'C';
  /** Which of the presented token's readings matched (ocpi-token.ts tokensFromAuthorization). */
  tokenHash: string;
  countryCode: string | null;
  partyId: string | null;
};

export const findCallerByTokenHashes = async (executor: Executor, hashes: string[]): Promise<OcpiCaller | undefined> => {
  if (hashes.length === 0) return undefined;
  const [row] = await executor
    .select({
      id: ocpiPartners.id,
      name: ocpiPartners.name,
      status: ocpiPartners.status,
      tokenKind: ocpiPartners.incomingTokenKind,
      tokenHash: ocpiPartners.incomingTokenHash,
      countryCode: ocpiPartners.countryCode,
      partyId: ocpiPartners.partyId,
    })
    .from(ocpiPartners)
    .where(hashes.length === 1 ? eq(ocpiPartners.incomingTokenHash, hashes[0]!) : inArray(ocpiPartners.incomingTokenHash, hashes))
    .limit(1);
  return row;
};

export type PartnerRow = typeof ocpiPartners.$inferSelect;
export type PartnerWithPushes = PartnerRow & { pendingPushes: number; failingPushes: number };

/** Every partner with what the outbox still owes it: pending pushes, and of those the ones that failed once. */
export const listPartnersWithPushes = async (executor: Executor): Promise<PartnerWithPushes[]> => {
  const pending = executor
    .select({
      partnerId: ocpiOutbox.partnerId,
      pendingPushes: sql<number>`count(*)::int`.as('pending_pushes'),
      failingPushes: sql<number>`(count(*) filter (where ${ocpiOutbox.attempts} > 0))::int`.as('failing_pushes'),
    })
    .from(ocpiOutbox)
    .where(isNull(ocpiOutbox.deliveredAt))
    .groupBy(ocpiOutbox.partnerId)
    .as('pending');
  const rows = await executor
    .select({ partner: ocpiPartners, pendingPushes: pending.pendingPushes, failingPushes: pending.failingPushes })
    .from(ocpiPartners)
    .leftJoin(pending, eq(pending.partnerId, ocpiPartners.id))
    .orderBy(asc(ocpiPartners.name), asc(ocpiPartners.id));
  return rows.map((row) => ({ ...row.partner, pendingPushes: row.pendingPushes ?? 0, failingPushes: row.failingPushes ?? 0 }));
};

export const findPartner = async (executor: Executor, id: string, { forUpdate = false } = {}): Promise<PartnerRow | undefined> => {
  const query = executor.select().from(ocpiPartners).where(eq(ocpiPartners.id, id));
  return (forUpdate ? await query.for('update') : await query)[0];
};

export const insertPartner = async (executor: Executor, values: typeof ocpiPartners.$inferInsert): Promise<PartnerRow> =>
  (await executor.insert(ocpiPartners).values(values).returning())[0]!;

export const updatePartner = async (executor: Executor, id: string, patch: Partial<typeof ocpiPartners.$inferInsert>): Promise<PartnerRow> =>
  (
    await executor
      .update(ocpiPartners)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(ocpiPartners.id, id))
      .returning()
  )[0]!;

export const deletePartner = async (executor: Executor, id: string) => {
  await executor.delete(ocpiPartners).where(eq(ocpiPartners.id, id));
};

/** The other partner that already registered this party, if any (parties are unique per connection). */
export const partyHolder = async (executor: Executor, party: { countryCode: string; partyId: string }, exceptId: string) =>
  (
    await executor
      .select({ id: ocpiPartners.id, name: ocpiPartners.name })
      .from(ocpiPartners)
      .where(and(eq(ocpiPartners.countryCode, party.countryCode), eq(ocpiPartners.partyId, party.partyId), ne(ocpiPartners.id, exceptId)))
      .limit(1)
  )[0];
