import path from 'node:path';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage, type S3Settings } from './s3-storage.ts';

export type { FileStorage, StoredObject } from './file-storage.ts';
export type { S3Settings } from './s3-storage.ts';

/** S3 when configured (S3_BUCKET), otherwise a folder under DATA_DIR: `npm start` needs no setting. */
export const createFileStorage = ({ dataDir, s3 }: { dataDir: string; s3: S3Settings | undefined }): FileStorage =>
  s3 ? createS3Storage(s3) : createDiskStorage(path.join(dataDir, 'files'));
