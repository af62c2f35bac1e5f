import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resellerPaymentAccounts } from '../../db/schema/index.ts';

export type ResellerAccountRow = typeof resellerPaymentAccounts.$inferSelect;

export const findAccount = async (db: Executor): Promise<ResellerAccountRow | undefined> => {
  const [row] = await db.select().from(resellerPaymentAccounts).limit(1);
  return row;
};

export const upsertAccount = async (db: Executor, values: Omit<typeof resellerPaymentAccounts.$inferInsert, 'organisation'>) => {
  const [row] = await db
    .insert(resellerPaymentAccounts)
    .values(values)
    .onConflictDoUpdate({ target: resellerPaymentAccounts.organisation, set: values })
    .returning();
  return row!;
};

export const deleteAccount = async (db: Executor, accountId: string): Promise<boolean> =>
  (await db.delete(resellerPaymentAccounts).where(eq(resellerPaymentAccounts.accountId, accountId)).returning()).length === 1;
