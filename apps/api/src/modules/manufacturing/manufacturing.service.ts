import { randomUUID } from 'node:crypto';
import { AppError, successMessages, type ChargerPhotoInfo, type ChargerTestHistory, type TestDataRowError } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import { prepareDocument } from '../../lib/document-content.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { FileStorage } from '../../lib/file-storage/index.ts';
import { assertLocationAccess, locationScope } from '../../lib/location-access.ts';
import * as repo from './manufacturing.repository.ts';
import { parseTestData } from './test-data-csv.ts';

const plural = (count: number, one: string) => `${count.toLocaleString('en-US')} ${one}${count === 1 ? '' : 's'}`;

/** Manufacturing data (spec section 6): end-of-line test results by serial number, and the charger's photo. */
export const createManufacturingService = ({ db, files, log }: { db: Database; files: FileStorage; log: FastifyBaseLogger }) => {
  const requireCharger = async (auth: AuthContext, id: string) => {
    const charger = await repo.findCharger(db, id);
    if (!charger) throw new AppError('CHARGER_NOT_FOUND');
    assertLocationAccess(auth, charger.locationId);
    return charger;
  };

  /** All or nothing: any bad row, or a serial number not (or not uniquely) among the chargers in reach, refuses the file. */
  const importTestData = async (auth: AuthContext, actor: Actor, csv: Buffer) => {
    const parsed = await parseTestData(csv);
    if ('fileError' in parsed) throw new AppError('TEST_DATA_INVALID', { messages: [parsed.fileError], details: { rows: [] } });
    const serials = [...new Set(parsed.rows.map((row) => row.data.serialNumber))];
    const found = serials.length ? await repo.chargersBySerial(db, serials, locationScope(auth)) : [];
    const bySerial = new Map<string, typeof found>();
    for (const charger of found) bySerial.set(charger.serialNumber, [...(bySerial.get(charger.serialNumber) ?? []), charger]);
    const errors: TestDataRowError[] = [...parsed.errors];
    for (const { row, data } of parsed.rows) {
      const matches = bySerial.get(data.serialNumber)?.length ?? 0;
      if (matches === 0) errors.push({ row, serialNumber: data.serialNumber, errors: [`No charger with serial number ${data.serialNumber}`] });
      if (matches > 1)
        errors.push({ row, serialNumber: data.serialNumber, errors: [`Serial number ${data.serialNumber} belongs to ${matches} chargers`] });
    }
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      const message = `${plural(errors.length, 'row')} ${errors.length === 1 ? 'has' : 'have'} errors; no test result was imported`;
      throw new AppError('TEST_DATA_INVALID', { messages: [message], details: { rows: errors } });
    }
    const chargerOf = (serial: string) => bySerial.get(serial)![0]!;
    await db.transaction(async (tx) => {
      await repo.insertTestResults(
        tx,
        parsed.rows.map(({ data }) => ({
          chargerId: chargerOf(data.serialNumber).id,
          serialNumber: data.serialNumber,
          testName: data.testName,
          passed: data.result === 'pass',
          measured: data.measured,
          unit: data.unit,
          testedAt: new Date(data.testedAt),
          station: data.station,
          importedBy: actor.email ?? '',
        })),
      );
      for (const serial of serials) {
        const charger = chargerOf(serial);
        const rows = parsed.rows.filter((row) => row.data.serialNumber === serial);
        await recordActivity(tx, actor, {
          action: 'charger.testing_data_import',
          entity: 'charger',
          entityId: charger.id,
          locationId: charger.locationId,
          changes: { testResults: { before: null, after: { rows: rows.length, failed: rows.filter((row) => row.data.result === 'fail').length } } },
        });
      }
    });
    return {
      responseCode: 200,
      msg: [`${plural(parsed.rows.length, 'test result')} imported for ${plural(serials.length, 'charger')}`],
      imported: parsed.rows.length,
      chargers: serials.length,
    };
  };

  const testHistory = async (auth: AuthContext, chargerId: string): Promise<ChargerTestHistory> => {
    const charger = await requireCharger(auth, chargerId);
    const rows = await repo.testHistory(db, chargerId);
    return {
      serialNumber: charger.serialNumber,
      items: rows.map((row) => ({
        id: row.id,
        testName: row.testName,
        passed: row.passed,
        measured: row.measured,
        unit: row.unit,
        testedAt: row.testedAt.toISOString(),
        station: row.station,
        importedBy: row.importedBy,
      })),
    };
  };

  const photoInfo = async (auth: AuthContext, chargerId: string): Promise<ChargerPhotoInfo> => {
    await requireCharger(auth, chargerId);
    const photo = await repo.findPhoto(db, chargerId);
    return {
      photo: photo
        ? { contentType: photo.contentType, size: photo.size, uploadedAt: photo.updatedAt.toISOString(), uploadedBy: photo.uploadedBy }
        : null,
    };
  };

  /** Type from the bytes, decoded and encoded again (lib/document-content); bytes stored before the row. */
  const uploadPhoto = async (auth: AuthContext, actor: Actor, chargerId: string, bytes: Buffer) => {
    const charger = await requireCharger(auth, chargerId);
    const prepared = await prepareDocument('photo', bytes);
    const key = `chargers/${chargerId}/photo-${randomUUID()}`;
    await files.put(key, prepared.body, prepared.contentType);
    const previous = await db
      .transaction(async (tx) => {
        const before = await repo.findPhoto(tx, chargerId);
        await repo.upsertPhoto(tx, {
          chargerId,
          fileKey: key,
          contentType: prepared.contentType,
          size: prepared.body.length,
          uploadedBy: actor.email ?? '',
        });
        await recordActivity(tx, actor, {
          action: 'charger.photo_upload',
          entity: 'charger',
          entityId: charger.id,
          locationId: charger.locationId,
          changes: { photo: { before: before ? { size: before.size } : null, after: { type: prepared.contentType, size: prepared.body.length } } },
        });
        return before;
      })
      .catch(async (error: unknown) => {
        await files.delete(key);
        throw error;
      });
    if (previous)
      await files.delete(previous.fileKey).catch((error: unknown) => log.warn({ err: error }, 'could not delete a replaced charger photo'));
    return { responseCode: 200, msg: [successMessages.documentUploaded] };
  };

  const photoFile = async (auth: AuthContext, chargerId: string) => {
    await requireCharger(auth, chargerId);
    const photo = await repo.findPhoto(db, chargerId);
    const stored = photo ? await files.get(photo.fileKey) : undefined;
    if (!stored) throw new AppError('ROUTE_NOT_FOUND', { messages: ['This charger has no photo yet'] });
    return stored;
  };

  return { requireCharger, importTestData, testHistory, photoInfo, uploadPhoto, photoFile };
};

export type ManufacturingService = ReturnType<typeof createManufacturingService>;
