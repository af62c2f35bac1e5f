import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { locationPaymentAccounts, locations, stripeOauthGrants } from '../../db/schema/index.ts';

export type PaymentAccountRow = typeof locationPaymentAccounts.$inferSelect;
export type GrantRow = typeof stripeOauthGrants.$inferSelect;

export const locationExists = async (db: Executor, id: string): Promise<boolean> =>
  (await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1)).length === 1;

export const findAccount = async (db: Executor, locationId: string): Promise<PaymentAccountRow | undefined> => {
  const [row] = await db.select().from(locationPaymentAccounts).where(eq(locationPaymentAccounts.locationId, locationId)).limit(1);
  return row;
};

/** Claims an authorization code for one exchange; false when another request already holds it. */
export const claimGrant = async (db: Executor, grant: { codeSha256: string; userId: string; locationId: string | null }): Promise<boolean> =>
  (await db.insert(stripeOauthGrants).values(grant).onConflictDoNothing().returning({ code: stripeOauthGrants.codeSha256 })).length === 1;

export const findGrant = async (db: Executor, codeSha256: string): Promise<GrantRow | undefined> => {
  const [row] = await db.select().from(stripeOauthGrants).where(eq(stripeOauthGrants.codeSha256, codeSha256)).limit(1);
  return row;
};

export const releaseGrant = async (db: Executor, codeSha256: string) =>
  db.delete(stripeOauthGrants).where(and(eq(stripeOauthGrants.codeSha256, codeSha256), eq(stripeOauthGrants.status, 'pending')));

export const completeGrant = async (db: Executor, codeSha256: string, accountId: string) =>
  db.update(stripeOauthGrants).set({ status: 'connected', accountId }).where(eq(stripeOauthGrants.codeSha256, codeSha256));

export const upsertAccount = async (db: Executor, values: typeof locationPaymentAccounts.$inferInsert): Promise<PaymentAccountRow> => {
  const { locationId: _locationId, ...changes } = values;
  const [row] = await db
    .insert(locationPaymentAccounts)
    .values(values)
    .onConflictDoUpdate({ target: locationPaymentAccounts.locationId, set: changes })
    .returning();
  return row!;
};

export const deleteAccount = async (db: Executor, locationId: string, accountId: string): Promise<boolean> =>
  (
    await db
      .delete(locationPaymentAccounts)
      .where(and(eq(locationPaymentAccounts.locationId, locationId), eq(locationPaymentAccounts.accountId, accountId)))
      .returning({ id: locationPaymentAccounts.id })
  ).length === 1;
