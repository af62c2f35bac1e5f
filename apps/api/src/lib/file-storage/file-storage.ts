/**
 * Where uploaded files live: driver documents and photos, firmware images. One small interface with
 * two backends that pass the same contract test (file-storage.test.ts): a folder under DATA_DIR, and
 * S3-compatible object storage through the AWS SDK when S3_BUCKET is set.
 */
import type { Readable } from 'node:stream';

export type StoredObject = { body: Buffer; contentType: string };
/** An object read as it is sent: large files (firmware images) must not be held whole in memory per download. */
export type StoredStream = { body: Readable; contentType: string; size: number };

export type FileStorage = {
  readonly kind: 'disk' | 's3';
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** Undefined when there is no such object. */
  get: (key: string) => Promise<StoredObject | undefined>;
  /** The object as a stream of its bytes; undefined when there is no such object. */
  stream: (key: string) => Promise<StoredStream | undefined>;
  /** The size in bytes, or undefined when there is no such object. */
  head: (key: string) => Promise<number | undefined>;
  /** Deleting what is not there is not an error. */
  delete: (key: string) => Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Keys are made by the server (area/uuid...), never from a client's file name; anything else is a bug. */
export const assertKey = (key: string): string => {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 512) throw new Error(`Invalid storage key: ${key}`);
  return key;
};
