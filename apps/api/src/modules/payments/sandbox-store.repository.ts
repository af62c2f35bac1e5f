import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentSandboxObjects } from '../../db/schema/index.ts';

export type SandboxProvider = (typeof paymentSandboxObjects.$inferSelect)['provider'];
export type SandboxObjectRow = { objectId: string; kind: string; body: unknown };

/** Every object a sandbox stored, oldest first (events are delivered in the order they were made). */
export const loadObjects = (db: Executor, provider: SandboxProvider): Promise<SandboxObjectRow[]> =>
  db
    .select({ objectId: paymentSandboxObjects.objectId, kind: paymentSandboxObjects.kind, body: paymentSandboxObjects.body })
    .from(paymentSandboxObjects)
    .where(eq(paymentSandboxObjects.provider, provider))
    .orderBy(paymentSandboxObjects.createdAt, paymentSandboxObjects.objectId);

/** Inserts or replaces the given objects in one statement (ids are unique within a call). */
export const upsertObjects = async (db: Executor, provider: SandboxProvider, rows: readonly SandboxObjectRow[]): Promise<void> => {
  if (rows.length === 0) return;
  await db
    .insert(paymentSandboxObjects)
    .values(rows.map((row) => ({ provider, objectId: row.objectId, kind: row.kind, body: row.body })))
    .onConflictDoUpdate({
      target: [paymentSandboxObjects.provider, paymentSandboxObjects.objectId],
      set: { kind: sql`excluded.kind`, body: sql`excluded.body`, updatedAt: sql`now()` },
    });
};
