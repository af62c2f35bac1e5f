import type { FirmwareImage } from '@wattdesk/shared';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { firmwareImages, users } from '../../db/schema/index.ts';

export type FirmwareRow = typeof firmwareImages.$inferSelect;

export const listImages = async (executor: Executor): Promise<FirmwareImage[]> => {
  const rows = await executor
    .select({
      id: firmwareImages.id,
      version: firmwareImages.version,
      models: firmwareImages.models,
      fileName: firmwareImages.fileName,
      sizeBytes: firmwareImages.sizeBytes,
      sha256: firmwareImages.sha256,
      uploadedByEmail: users.email,
      createdAt: firmwareImages.createdAt,
    })
    .from(firmwareImages)
    .leftJoin(users, eq(users.id, firmwareImages.uploadedBy))
    .orderBy(desc(firmwareImages.createdAt), desc(firmwareImages.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
};

export const findImage = async (executor: Executor, id: string): Promise<FirmwareRow | undefined> => {
  const [row] = await executor.select().from(firmwareImages).where(eq(firmwareImages.id, id));
  return row;
};

export const findByVersion = async (executor: Executor, version: string): Promise<FirmwareRow | undefined> => {
  const [row] = await executor.select().from(firmwareImages).where(eq(firmwareImages.version, version));
  return row;
};

export const insertImage = async (executor: Executor, values: typeof firmwareImages.$inferInsert): Promise<void> => {
  await executor.insert(firmwareImages).values(values);
};

export const deleteImage = async (executor: Executor, id: string): Promise<void> => {
  await executor.delete(firmwareImages).where(eq(firmwareImages.id, id));
};
