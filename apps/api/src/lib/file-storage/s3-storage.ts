import { Readable } from 'node:stream';
import type * as S3Module from '@aws-sdk/client-s3';
import { assertKey, type FileStorage } from './file-storage.ts';

export type S3Settings = {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set: any S3-compatible service (MinIO, Ceph, R2, a local stand-in). */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  prefix: string;
};

type S3Sdk = typeof S3Module;

const isNotFound = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.NoSuchKey ||
  error instanceof sdk.NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Objects in an S3 bucket through the AWS SDK (PutObject, GetObject, HeadObject, DeleteObject). The SDK is
 * imported on the first call: it weighs about 10 MiB of an idle server's memory and no request may need it.
 */
export const createS3Storage = (settings: S3Settings): FileStorage => {
  let connecting: Promise<{ sdk: S3Sdk; client: S3Module.S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        // Checksums only where S3 requires them: several S3-compatible services reject the newer trailing checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${assertKey(key)}`;

  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      const Key = keyOf(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    get: async (key) => {
      const Key = keyOf(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        const bytes = answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
        return { body: Buffer.from(bytes), contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isNotFound(sdk, error)) return undefined;
        throw error;
      }
    },
    stream: async (key) => {
      const Key = keyOf(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        // In Node the SDK's body is the HTTP response itself: the bytes flow through as the caller reads them.
        const body = answer.Body instanceof Readable ? answer.Body : Readable.from([]);
        return { body, contentType: answer.ContentType ?? 'application/octet-stream', size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(sdk, error)) return undefined;
        throw error;
      }
    },
    head: async (key) => {
      const Key = keyOf(key);
      const { sdk, client } = await connect();
      try {
        return (await client.send(new sdk.HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(sdk, error)) return undefined;
        throw error;
      }
    },
    delete: async (key) => {
      const Key = keyOf(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
  };
};
