import { randomUUID } from 'node:crypto';
import { AppError, DOCUMENT_NAME_MAX_LENGTH, MAX_DOCUMENTS_PER_DRIVER, type DocumentKind, type DriverDocument } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { FileStorage, StoredObject } from '../../lib/file-storage/index.ts';
import type { DriversService } from '../drivers/drivers.service.ts';
import { documentName, prepareDocument } from '../../lib/document-content.ts';
import * as repo from './driver-documents.repository.ts';

export type DriverDocumentsDeps = {
  db: Database;
  files: FileStorage;
  drivers: Pick<DriversService, 'get'>;
  log: FastifyBaseLogger;
};

export type DocumentUpload = { kind: DocumentKind; filename: string | undefined; bytes: Buffer };

/** Documents and photos on a driver: whoever may see the driver (its location) may see them. */
export const createDriverDocumentsService = ({ db, files, drivers, log }: DriverDocumentsDeps) => {
  /** Throws DRIVER_NOT_FOUND or LOCATION_FORBIDDEN before anything is read or stored. */
  const requireDriver = (auth: AuthContext, driverId: string) => drivers.get(auth, driverId);

  const removeQuietly = async (keys: (string | null | undefined)[]) => {
    for (const key of keys) {
      if (!key) continue;
      // A leftover object is harmless (no row points at it); a failed answer for an already-made change is not.
      await files.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a stored file'));
    }
  };

  const list = async (auth: AuthContext, driverId: string): Promise<DriverDocument[]> => {
    await requireDriver(auth, driverId);
    return repo.listDocuments(db, driverId);
  };

  const upload = async (auth: AuthContext, actor: Actor, driverId: string, input: DocumentUpload): Promise<DriverDocument> => {
    const driver = await requireDriver(auth, driverId);
    if ((await repo.countDocuments(db, driverId)) >= MAX_DOCUMENTS_PER_DRIVER) {
      throw new AppError('DOCUMENT_LIMIT_REACHED', {
        messages: ['Unable to upload your document', `A driver keeps at most ${MAX_DOCUMENTS_PER_DRIVER} documents; delete one first`],
      });
    }
    const prepared = await prepareDocument(input.kind, input.bytes);
    const id = randomUUID();
    const storageKey = `drivers/${driverId}/${id}`;
    const thumbnailKey = prepared.thumbnail ? `${storageKey}-thumbnail` : null;
    await files.put(storageKey, prepared.body, prepared.contentType);
    try {
      if (thumbnailKey && prepared.thumbnail) await files.put(thumbnailKey, prepared.thumbnail, 'image/webp');
      const name = documentName(input.filename, DOCUMENT_NAME_MAX_LENGTH);
      await db.transaction(async (tx) => {
        await repo.insertDocument(tx, {
          id,
          driverId,
          locationId: driver.locationId,
          kind: input.kind,
          name,
          contentType: prepared.contentType,
          sizeBytes: prepared.body.length,
          storageKey,
          thumbnailKey,
          uploadedBy: auth.userId,
        });
        await recordActivity(tx, actor, {
          action: 'driver.document_upload',
          entity: 'driver',
          entityId: driverId,
          locationId: driver.locationId,
          changes: {
            document: { before: null, after: { id, kind: input.kind, name, contentType: prepared.contentType, sizeBytes: prepared.body.length } },
          },
        });
      });
    } catch (error) {
      // Nothing is kept of an upload that did not make it into the database.
      await removeQuietly([storageKey, thumbnailKey]);
      throw error;
    }
    const documents = await repo.listDocuments(db, driverId);
    const saved = documents.find((document) => document.id === id);
    if (!saved) throw new AppError('DOCUMENT_NOT_FOUND');
    return saved;
  };

  const download = async (
    auth: AuthContext,
    driverId: string,
    documentId: string,
    variant: 'original' | 'thumbnail',
  ): Promise<StoredObject & { name: string }> => {
    await requireDriver(auth, driverId);
    const row = await repo.findDocument(db, driverId, documentId);
    const key = variant === 'thumbnail' ? row?.thumbnailKey : row?.storageKey;
    const stored = row && key ? await files.get(key) : undefined;
    if (!row || !stored) throw new AppError('DOCUMENT_NOT_FOUND');
    return { ...stored, name: variant === 'thumbnail' ? `${row.name}.thumbnail.webp` : row.name };
  };

  const remove = async (auth: AuthContext, actor: Actor, driverId: string, documentId: string): Promise<void> => {
    const driver = await requireDriver(auth, driverId);
    const row = await db.transaction(async (tx) => {
      const found = await repo.findDocument(tx, driverId, documentId);
      if (!found) throw new AppError('DOCUMENT_NOT_FOUND');
      await repo.deleteDocument(tx, documentId);
      await recordActivity(tx, actor, {
        action: 'driver.document_delete',
        entity: 'driver',
        entityId: driverId,
        locationId: driver.locationId,
        changes: { document: { before: { id: found.id, kind: found.kind, name: found.name }, after: null } },
      });
      return found;
    });
    await removeQuietly([row.storageKey, row.thumbnailKey]);
  };

  return { list, upload, download, remove, requireDriver };
};

export type DriverDocumentsService = ReturnType<typeof createDriverDocumentsService>;
