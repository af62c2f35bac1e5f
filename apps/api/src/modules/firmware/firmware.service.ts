import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import { AppError, type FirmwareImage } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { FileStorage } from '../../lib/file-storage/index.ts';
import { campaignsUsingImage } from './campaigns.repository.ts';
import * as repo from './firmware.repository.ts';

const DAMAGED_IMAGE = 'The stored image is damaged; upload it again';

/** Passes bytes through and fails at the end when they do not hash to `sha256`. */
const checkedAgainst = (sha256: string) => {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      done(hash.digest('hex') === sha256 ? null : new Error('stored firmware image does not match its checksum'));
    },
  });
};

export type FirmwareUpload = { version: string; models: string[]; expectedSha256: string | undefined; fileName: string; bytes: Buffer };

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
};

/** Firmware images: network-wide (not per location), uploaded by the product's operator, downloaded by manufacturers. */
export const createFirmwareService = ({ db, files, log }: { db: Database; files: FileStorage; log: FastifyBaseLogger }) => {
  const list = () => repo.listImages(db);

  const upload = async (auth: AuthContext, actor: Actor, input: FirmwareUpload): Promise<FirmwareImage> => {
    const sha256 = createHash('sha256').update(input.bytes).digest('hex');
    // The uploader's checksum (from the vendor's release notes) proves the file arrived whole.
    if (input.expectedSha256 && input.expectedSha256 !== sha256) throw new AppError('FIRMWARE_CHECKSUM_MISMATCH');
    if (await repo.findByVersion(db, input.version)) throw new AppError('FIRMWARE_VERSION_TAKEN');
    const id = randomUUID();
    const storageKey = `firmware/${id}`;
    await files.put(storageKey, input.bytes, 'application/octet-stream');
    try {
      await db.transaction(async (tx) => {
        await repo.insertImage(tx, {
          id,
          version: input.version,
          models: input.models,
          fileName: input.fileName,
          sizeBytes: input.bytes.length,
          sha256,
          storageKey,
          uploadedBy: auth.userId,
        });
        await recordActivity(tx, actor, {
          action: 'firmware.upload',
          entity: 'firmware_image',
          entityId: id,
          changes: {
            version: { before: null, after: input.version },
            models: { before: null, after: input.models },
            sha256: { before: null, after: sha256 },
          },
        });
      });
    } catch (error) {
      await files.delete(storageKey).catch((cause: unknown) => log.warn({ err: cause, storageKey }, 'could not delete a stored file'));
      if (isUniqueViolation(error)) throw new AppError('FIRMWARE_VERSION_TAKEN');
      throw error;
    }
    const saved = (await repo.listImages(db)).find((image) => image.id === id);
    if (!saved) throw new AppError('FIRMWARE_NOT_FOUND');
    return saved;
  };

  /**
   * The image as a stream of its bytes: a stage of a campaign downloads at once, and an image may be 64 MB, so no
   * download holds it whole. A copy whose size differs is refused before a byte goes out; bytes that do not hash to
   * the stored checksum are found at the end, so the answer is cut off before it completes (the charger sees a
   * failed download, and the error is logged), never handed out whole.
   */
  const download = async (id: string) => {
    const row = await repo.findImage(db, id);
    const stored = row ? await files.stream(row.storageKey) : undefined;
    if (!row || !stored) throw new AppError('FIRMWARE_NOT_FOUND');
    if (stored.size !== row.sizeBytes) {
      stored.body.destroy();
      log.error({ imageId: id, size: stored.size, expected: row.sizeBytes }, 'stored firmware image has the wrong size');
      throw new AppError('FIRMWARE_NOT_FOUND', { messages: [DAMAGED_IMAGE] });
    }
    const body = pipeline(stored.body, checkedAgainst(row.sha256), (error) => {
      if (error) log.error({ imageId: id, err: error.message }, 'firmware image download cut off');
    });
    return { body, size: row.sizeBytes, fileName: row.fileName, sha256: row.sha256, version: row.version };
  };

  const remove = async (actor: Actor, id: string) => {
    const row = await db.transaction(async (tx) => {
      const found = await repo.findImage(tx, id);
      if (!found) throw new AppError('FIRMWARE_NOT_FOUND');
      // A campaign's report names its image: an image once rolled out stays.
      if (await campaignsUsingImage(tx, id)) throw new AppError('FIRMWARE_IN_USE');
      await repo.deleteImage(tx, id);
      await recordActivity(tx, actor, {
        action: 'firmware.delete',
        entity: 'firmware_image',
        entityId: id,
        changes: { version: { before: found.version, after: null } },
      });
      return found;
    });
    await files.delete(row.storageKey).catch((error: unknown) => log.warn({ err: error, key: row.storageKey }, 'could not delete a stored file'));
  };

  return { list, upload, download, remove };
};

export type FirmwareService = ReturnType<typeof createFirmwareService>;
