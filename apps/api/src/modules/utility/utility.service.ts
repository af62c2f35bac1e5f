import {
  AppError,
  ERROR_CODES,
  MONTHS,
  successMessages,
  zoneOffsetMs,
  type BillsResponse,
  type CreateUtilityConfigBody,
  type EnergyDataResponse,
  type SaveBillsBody,
  type UtilityConfig,
  type UtilityConfigBody,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import type { FileStorage } from '../../lib/file-storage/index.ts';
import { isPdf } from './bill-pdf.ts';
import { parseIntervalCsv } from './interval-csv.ts';
import * as repo from './utility.repository.ts';

const view = (row: repo.UtilityConfigRow): UtilityConfig => ({
  id: row.id,
  locationId: row.locationId,
  provider: row.provider,
  accountNumber: row.accountNumber,
  rateSchedule: row.rateSchedule,
  meters: row.meters,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const fields = (config: UtilityConfigBody) => ({
  provider: config.provider,
  accountNumber: config.accountNumber,
  rateSchedule: config.rateSchedule,
  meters: config.meters,
});
const monthNumber = (key: string) => MONTHS.findIndex((month) => month.key === key) + 1;
const MAX_ENERGY_DAYS = 62;

/** Utility info of a location (menu utility-info): accounts, monthly bills with their PDFs, interval data. */
export const createUtilityService = ({ db, files, now }: { db: Database; files: FileStorage; now: () => Date }) => {
  /** Bills live in the common file storage (a folder or S3, decision 032) under utility-bills/. */
  const billKey = (utilityConfigId: string, year: number, month: number) =>
    `utility-bills/${utilityConfigId}/${year}-${String(month).padStart(2, '0')}.pdf`;
  // Rows written before decision 054 hold the key without its folder; the file sits at the same place on disk.
  const storedKey = (key: string) => (key.startsWith('utility-bills/') ? key : `utility-bills/${key}`);

  const requireConfig = async (auth: AuthContext, id: string) => {
    const found = await repo.findConfig(db, id);
    if (!found) throw new AppError('UTILITY_CONFIG_NOT_FOUND');
    assertLocationAccess(auth, found.config.locationId);
    return found;
  };

  const list = async (locationId: string) => ({ items: (await repo.listConfigs(db, locationId)).map(view) });

  const create = async (actor: Actor, body: CreateUtilityConfigBody) => {
    if (!(await repo.locationExists(db, body.locationId))) throw new AppError('LOCATION_NOT_FOUND');
    const config = await db.transaction(async (tx) => {
      const row = await repo.insertConfig(tx, { locationId: body.locationId, ...fields(body) });
      if (!row) throw new AppError('UTILITY_CONFIG_TAKEN');
      await recordActivity(tx, actor, {
        action: 'utility_config.added',
        entity: 'utility_config',
        entityId: row.id,
        locationId: body.locationId,
        changes: { config: { before: null, after: fields(body) } },
      });
      return row;
    });
    return { responseCode: 201, msg: [successMessages.utilityConfigUpdated], config: view(config) };
  };

  const update = async (auth: AuthContext, actor: Actor, id: string, body: UtilityConfigBody) => {
    const { config } = await requireConfig(auth, id);
    const updated = await db.transaction(async (tx) => {
      const row = await repo.updateConfig(tx, id, fields(body)).catch((error: { code?: string; cause?: { code?: string } }) => {
        // 23505: the provider and account number already belong to another config of the location.
        if (error.code === '23505' || error.cause?.code === '23505') throw new AppError('UTILITY_CONFIG_TAKEN');
        throw error;
      });
      await recordActivity(tx, actor, {
        action: 'utility_config.updated',
        entity: 'utility_config',
        entityId: id,
        locationId: config.locationId,
        changes: { config: { before: fields(config), after: fields(body) } },
      });
      return row!;
    });
    return { responseCode: 200, msg: [successMessages.utilityConfigUpdated], config: view(updated) };
  };

  const remove = async (auth: AuthContext, actor: Actor, id: string) => {
    const { config } = await requireConfig(auth, id);
    const keys = (await repo.billsOf(db, id)).map((bill) => bill.fileKey).filter((key): key is string => Boolean(key));
    await db.transaction(async (tx) => {
      await repo.deleteConfig(tx, id);
      await recordActivity(tx, actor, {
        action: 'utility_config.removed',
        entity: 'utility_config',
        entityId: id,
        locationId: config.locationId,
        changes: { config: { before: fields(config), after: null } },
      });
    });
    await Promise.all(keys.map((key) => files.delete(storedKey(key))));
    return { responseCode: 200, msg: [successMessages.utilityConfigRemoved] };
  };

  const bills = async (auth: AuthContext, utilityConfigId: string, year: number): Promise<BillsResponse> => {
    const { currency } = await requireConfig(auth, utilityConfigId);
    const rows = new Map((await repo.billsOf(db, utilityConfigId, year)).map((bill) => [bill.month, bill]));
    return {
      utilityConfigId,
      year,
      currency,
      months: MONTHS.map((month, index) => {
        const bill = rows.get(index + 1);
        return {
          month: month.key,
          energyKwh: bill?.energyKwh ?? null,
          costMinor: bill?.costMinor ?? null,
          file:
            bill?.fileKey && bill.fileName && bill.fileUploadedAt
              ? { name: bill.fileName, size: bill.fileSize ?? 0, uploadedAt: bill.fileUploadedAt.toISOString() }
              : null,
        };
      }),
    };
  };

  const saveBills = async (auth: AuthContext, actor: Actor, body: SaveBillsBody) => {
    const { config } = await requireConfig(auth, body.utilityConfigId);
    await db.transaction(async (tx) => {
      for (const row of body.months)
        await repo.upsertBillValues(tx, body.utilityConfigId, body.year, monthNumber(row.month), {
          energyKwh: row.energyKwh,
          costMinor: row.costMinor,
        });
      await recordActivity(tx, actor, {
        action: 'utility_bills.updated',
        entity: 'utility_config',
        entityId: body.utilityConfigId,
        locationId: config.locationId,
        changes: { bills: { before: null, after: { year: body.year, months: body.months } } },
      });
    });
    return { responseCode: 200, msg: ['utility bills updated'] };
  };

  /** The bill's PDF, checked from its bytes; size was checked while it streamed in (2 MB). */
  const uploadBill = async (
    auth: AuthContext,
    actor: Actor,
    target: { utilityConfigId: string; year: number; month: string },
    file: { name: string; bytes: Buffer },
  ) => {
    const { config } = await requireConfig(auth, target.utilityConfigId);
    if (!isPdf(file.bytes)) throw new AppError('BILL_NOT_PDF');
    const month = monthNumber(target.month);
    const key = billKey(target.utilityConfigId, target.year, month);
    const name = file.name.replace(/[^\w .()-]/g, '_').slice(0, 120) || 'bill.pdf';
    await files.put(key, file.bytes, 'application/pdf');
    const committed = db.transaction(async (tx) => {
      await repo.upsertBillFile(tx, target.utilityConfigId, target.year, month, {
        fileKey: key,
        fileName: name,
        fileSize: file.bytes.length,
        fileUploadedAt: now(),
      });
      await recordActivity(tx, actor, {
        action: 'utility_bills.uploaded',
        entity: 'utility_config',
        entityId: target.utilityConfigId,
        locationId: config.locationId,
        changes: { bill: { before: null, after: { year: target.year, month: target.month, file: name, bytes: file.bytes.length } } },
      });
    });
    // Bytes first, then the row (decision 032); a failed transaction must not leave a file without its row.
    await committed.catch(async (error: unknown) => {
      await files.delete(key);
      throw error;
    });
    return { responseCode: 200, msg: [successMessages.documentUploaded] };
  };

  const billFile = async (auth: AuthContext, target: { utilityConfigId: string; year: number; month: string }) => {
    await requireConfig(auth, target.utilityConfigId);
    const bill = (await repo.billsOf(db, target.utilityConfigId, target.year)).find((row) => row.month === monthNumber(target.month));
    if (!bill?.fileKey) throw new AppError('ROUTE_NOT_FOUND', { messages: ['No bill file for this month'] });
    const stored = await files.get(storedKey(bill.fileKey));
    if (!stored) throw new AppError('ROUTE_NOT_FOUND', { messages: ['No bill file for this month'] });
    return { name: bill.fileName ?? 'bill.pdf', bytes: stored.body };
  };

  const importEnergy = async (auth: AuthContext, actor: Actor, utilityConfigId: string, meter: string | undefined, csv: string) => {
    const { config, timeZone } = await requireConfig(auth, utilityConfigId);
    const defaultMeter = meter && config.meters.includes(meter) ? meter : config.meters[0]!;
    const { rows, problems } = parseIntervalCsv(csv, timeZone, defaultMeter);
    if (problems.length) throw new AppError('ENERGY_DATA_INVALID', { messages: [ERROR_CODES.ENERGY_DATA_INVALID.message, ...problems] });
    await db.transaction(async (tx) => {
      await repo.upsertIntervals(tx, utilityConfigId, rows);
      await recordActivity(tx, actor, {
        action: 'energy_data.imported',
        entity: 'utility_config',
        entityId: utilityConfigId,
        locationId: config.locationId,
        changes: { intervals: { before: null, after: { rows: rows.length } } },
      });
    });
    const meters = [...new Set(rows.map((row) => row.meter))];
    return { responseCode: 200, msg: [`${rows.length.toLocaleString('en-US')} intervals imported`], imported: rows.length, meters };
  };

  /** Hourly utility kWh against the chargers' own, over local days [from, to]. */
  const energy = async (auth: AuthContext, query: { utilityConfigId: string; from: string; to: string }): Promise<EnergyDataResponse> => {
    const { config, timeZone } = await requireConfig(auth, query.utilityConfigId);
    const midnight = (date: string, plusDays = 0) => {
      const wall = Date.parse(`${date}T00:00:00Z`) + plusDays * 86_400_000;
      return new Date(wall - zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone), timeZone));
    };
    const from = midnight(query.from);
    const to = midnight(query.to, 1);
    if (to <= from || to.getTime() - from.getTime() > MAX_ENERGY_DAYS * 86_400_000)
      throw new AppError('VALIDATION_FAILED', { messages: [`Choose a range of 1 to ${MAX_ENERGY_DAYS} days, From before To`] });
    const [utility, chargers] = await Promise.all([
      repo.utilityHourly(db, config.id, from, to),
      repo.chargersHourly(db, config.locationId, from, to),
    ]);
    const points = new Map<string, { at: string; utilityKwh: number | null; chargersKwh: number }>();
    const key = (hour: string | Date) => new Date(hour).toISOString();
    for (const row of utility) points.set(key(row.hour), { at: key(row.hour), utilityKwh: Number(row.kwh), chargersKwh: 0 });
    for (const row of chargers) {
      const at = key(row.hour);
      points.set(at, { at, utilityKwh: points.get(at)?.utilityKwh ?? null, chargersKwh: Number(row.kwh) });
    }
    const sorted = [...points.values()].sort((a, b) => a.at.localeCompare(b.at));
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return {
      timeZone,
      points: sorted.map((point) => ({
        ...point,
        utilityKwh: point.utilityKwh === null ? null : round(point.utilityKwh),
        chargersKwh: round(point.chargersKwh),
      })),
      utilityKwh: round(sorted.reduce((sum, point) => sum + (point.utilityKwh ?? 0), 0)),
      chargersKwh: round(sorted.reduce((sum, point) => sum + point.chargersKwh, 0)),
    };
  };

  return { list, create, update, remove, bills, saveBills, uploadBill, billFile, importEnergy, energy };
};

export type UtilityService = ReturnType<typeof createUtilityService>;
