import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { locationBankAccounts } from '../../db/schema/index.ts';

export type BankAccountRow = typeof locationBankAccounts.$inferSelect;
export type BankAccountValues = Omit<typeof locationBankAccounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const findBankAccount = async (db: Executor, locationId: string): Promise<BankAccountRow | undefined> => {
  const [row] = await db.select().from(locationBankAccounts).where(eq(locationBankAccounts.locationId, locationId)).limit(1);
  return row;
};

/** Undefined when the location got an account meanwhile (two saves at once: the first wins). */
export const insertBankAccount = async (db: Executor, values: BankAccountValues): Promise<BankAccountRow | undefined> => {
  const [row] = await db.insert(locationBankAccounts).values(values).onConflictDoNothing({ target: locationBankAccounts.locationId }).returning();
  return row;
};

/** Replaces the account only if it is still the one the caller read; undefined when it changed meanwhile. */
export const replaceBankAccount = async (db: Executor, previousItemId: string, values: BankAccountValues): Promise<BankAccountRow | undefined> => {
  const [row] = await db
    .update(locationBankAccounts)
    .set(values)
    .where(and(eq(locationBankAccounts.locationId, values.locationId), eq(locationBankAccounts.itemId, previousItemId)))
    .returning();
  return row;
};

export const deleteBankAccount = async (db: Executor, locationId: string, itemId: string): Promise<boolean> =>
  (
    await db
      .delete(locationBankAccounts)
      .where(and(eq(locationBankAccounts.locationId, locationId), eq(locationBankAccounts.itemId, itemId)))
      .returning({ id: locationBankAccounts.id })
  ).length === 1;

/** Records where the account now receives payouts from; only if it is still the Item the caller read. */
export const setAttachment = async (
  db: Executor,
  locationId: string,
  itemId: string,
  attachment: { stripeAccountId: string; stripeExternalAccountId: string },
): Promise<BankAccountRow | undefined> => {
  const [row] = await db
    .update(locationBankAccounts)
    .set(attachment)
    .where(and(eq(locationBankAccounts.locationId, locationId), eq(locationBankAccounts.itemId, itemId)))
    .returning();
  return row;
};

/** The connected account is gone: the bank account no longer receives its payouts. */
export const clearAttachment = async (db: Executor, locationId: string, stripeAccountId: string) =>
  db
    .update(locationBankAccounts)
    .set({ stripeAccountId: null, stripeExternalAccountId: null })
    .where(and(eq(locationBankAccounts.locationId, locationId), eq(locationBankAccounts.stripeAccountId, stripeAccountId)));
