import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { chargingSessions } from '../../../db/schema/index.ts';

/** The 2.0.1 charger's own id of our session `transactionId` at that charger; null if it has none. */
export const chargerTransactionIdOf = async (db: Executor, chargerId: string, transactionId: number): Promise<string | null> => {
  const [row] = await db
    .select({ id: chargingSessions.chargerTransactionId })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.chargerId, chargerId), eq(chargingSessions.transactionId, transactionId)));
  return row?.id ?? null;
};
