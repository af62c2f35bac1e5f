import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mfaRecoveryCodes, mfaTotp } from '../../db/schema/index.ts';

export type TotpRow = typeof mfaTotp.$inferSelect;

export const findTotp = async (db: Executor, userId: string): Promise<TotpRow | undefined> => {
  const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).limit(1);
  return row;
};

/** Locks the row: two codes checked at once cannot both pass with the same time step. */
export const findTotpForUpdate = async (db: Executor, userId: string): Promise<TotpRow | undefined> => {
  const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).for('update').limit(1);
  return row;
};

export const savePendingSecret = async (db: Executor, userId: string, pendingSecret: string): Promise<void> => {
  await db.insert(mfaTotp).values({ userId, pendingSecret }).onConflictDoUpdate({ target: mfaTotp.userId, set: { pendingSecret } });
};

export const enableTotp = async (db: Executor, userId: string, secret: string, timeStep: number, at: Date): Promise<void> => {
  await db.update(mfaTotp).set({ secret, pendingSecret: null, enabledAt: at, lastTimeStep: timeStep }).where(eq(mfaTotp.userId, userId));
};

export const saveLastTimeStep = async (db: Executor, userId: string, timeStep: number): Promise<void> => {
  await db.update(mfaTotp).set({ lastTimeStep: timeStep }).where(eq(mfaTotp.userId, userId));
};

export const deleteMfa = async (db: Executor, userId: string): Promise<void> => {
  await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
};

export const replaceRecoveryCodes = async (db: Executor, userId: string, codeHashes: readonly string[]): Promise<void> => {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
};

/** Spends an unused code in one statement: of two requests with the same code, one wins. */
export const spendRecoveryCode = async (db: Executor, userId: string, codeHash: string, at: Date): Promise<boolean> => {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
};

export const unusedRecoveryCodeCount = async (db: Executor, userId: string): Promise<number> => {
  const [row] = await db
    .select({ value: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.value ?? 0;
};
