import { BATCH_COLUMNS, BATCH_MAX_ROWS, createChargerBodySchema, type BatchRowError, type CreateChargerBody } from '@wattdesk/shared';
import { forEachRow, readCsvRecords } from '../../lib/csv-upload.ts';

export type ParsedBatch = { rows: { row: number; body: CreateChargerBody }[]; errors: BatchRowError[] };

const REQUIRED_COLUMNS = ['chargerId', 'name', 'kind'] as const;

/** CSV cells are text; turn them into what the create schema expects (lists split on ; or |). */
const toBody = (record: Record<string, string>, locationId: string) => ({
  locationId,
  chargerId: record.chargerId ?? '',
  name: record.name ?? '',
  kind: (record.kind ?? '').toLowerCase(),
  model: record.model ?? '',
  serialNumber: record.serialNumber ?? '',
  connectorTypes: (record.connectorTypes ?? '')
    .split(/[;|]/)
    .map((type) => type.trim())
    .filter(Boolean),
  maxPowerKw: record.maxPowerKw?.trim() ? Number(record.maxPowerKw) : undefined,
  ocppPassword: record.ocppPassword?.trim() || undefined,
});

/**
 * Validates every row with the same schema as a single create, and for duplicates inside the file.
 * Conflicts with chargers already registered are checked by the service, which sees the database.
 */
export const parseChargerBatch = async (csv: Buffer, locationId: string): Promise<ParsedBatch | { fileError: string }> => {
  const read = await readCsvRecords(csv, BATCH_MAX_ROWS);
  if ('fileError' in read) return read;
  const { records } = read;
  if (records.length === 0) return { fileError: 'The file has no charger rows under its header' };
  if (records.length > BATCH_MAX_ROWS) return { fileError: `At most ${BATCH_MAX_ROWS} chargers per file` };
  const missing = REQUIRED_COLUMNS.filter((column) => !(column in records[0]!));
  if (missing.length) return { fileError: `The header must name the columns ${BATCH_COLUMNS.join(', ')}; missing: ${missing.join(', ')}` };

  const result: ParsedBatch = { rows: [], errors: [] };
  const seenIds = new Map<string, number>();
  const seenNames = new Map<string, number>();
  await forEachRow(records, (record, index) => {
    const row = index + 2;
    const parsed = createChargerBodySchema.safeParse(toBody(record, locationId));
    const errors = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
    const chargerId = record.chargerId ?? '';
    const name = record.name ?? '';
    if (chargerId && seenIds.has(chargerId)) errors.push(`Charger id ${chargerId} is also on row ${seenIds.get(chargerId)}`);
    if (name && seenNames.has(name)) errors.push(`Name ${name} is also on row ${seenNames.get(name)}`);
    seenIds.set(chargerId, seenIds.get(chargerId) ?? row);
    seenNames.set(name, seenNames.get(name) ?? row);
    if (errors.length || !parsed.success) result.errors.push({ row, chargerId, errors });
    else result.rows.push({ row, body: parsed.data });
  });
  return result;
};
