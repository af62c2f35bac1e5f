import type { DriverDocument } from '@wattdesk/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { driverDocuments, users } from '../../db/schema/index.ts';

export type DocumentRow = typeof driverDocuments.$inferSelect;

const columns = {
  id: driverDocuments.id,
  driverId: driverDocuments.driverId,
  kind: driverDocuments.kind,
  name: driverDocuments.name,
  contentType: driverDocuments.contentType,
  sizeBytes: driverDocuments.sizeBytes,
  thumbnailKey: driverDocuments.thumbnailKey,
  uploadedByEmail: users.email,
  createdAt: driverDocuments.createdAt,
};

type ListedRow = Omit<DriverDocument, 'hasThumbnail' | 'createdAt'> & { thumbnailKey: string | null; createdAt: Date };

export const toDocument = ({ thumbnailKey, createdAt, ...row }: ListedRow): DriverDocument => ({
  ...row,
  hasThumbnail: thumbnailKey !== null,
  createdAt: createdAt.toISOString(),
});

export const listDocuments = async (executor: Executor, driverId: string): Promise<DriverDocument[]> => {
  const rows = await executor
    .select(columns)
    .from(driverDocuments)
    .leftJoin(users, eq(users.id, driverDocuments.uploadedBy))
    .where(eq(driverDocuments.driverId, driverId))
    .orderBy(desc(driverDocuments.createdAt), desc(driverDocuments.id));
  return rows.map(toDocument);
};

export const findDocument = async (executor: Executor, driverId: string, documentId: string): Promise<DocumentRow | undefined> => {
  const [row] = await executor
    .select()
    .from(driverDocuments)
    .where(and(eq(driverDocuments.id, documentId), eq(driverDocuments.driverId, driverId)));
  return row;
};

export const countDocuments = async (executor: Executor, driverId: string): Promise<number> => {
  const [row] = await executor.select({ n: count() }).from(driverDocuments).where(eq(driverDocuments.driverId, driverId));
  return row?.n ?? 0;
};

export const insertDocument = async (executor: Executor, values: typeof driverDocuments.$inferInsert): Promise<DocumentRow> => {
  const [row] = await executor.insert(driverDocuments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const deleteDocument = async (executor: Executor, documentId: string): Promise<void> => {
  await executor.delete(driverDocuments).where(eq(driverDocuments.id, documentId));
};
