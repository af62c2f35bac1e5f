import { TEST_DATA_COLUMNS, TEST_DATA_MAX_ROWS, testDataRowSchema, type TestDataRow, type TestDataRowError } from '@wattdesk/shared';
import { forEachRow, readCsvRecords } from '../../lib/csv-upload.ts';

export type ParsedTestData = { rows: { row: number; data: TestDataRow }[]; errors: TestDataRowError[] };

const REQUIRED = ['serialNumber', 'testName', 'result', 'testedAt'] as const;

const toRow = (record: Record<string, string>) => {
  const measured = record.measured?.trim() ?? '';
  return {
    serialNumber: record.serialNumber ?? '',
    testName: record.testName ?? '',
    result: (record.result ?? '').toLowerCase(),
    measured: measured === '' ? null : Number(measured),
    unit: record.unit ?? '',
    testedAt: record.testedAt ?? '',
    station: record.station ?? '',
  };
};

/** Every row checked with the shared schema; which serial numbers exist is the service's question. */
export const parseTestData = async (csv: Buffer): Promise<ParsedTestData | { fileError: string }> => {
  const read = await readCsvRecords(csv, TEST_DATA_MAX_ROWS);
  if ('fileError' in read) return read;
  const { records } = read;
  if (records.length === 0) return { fileError: 'The file has no test rows under its header' };
  if (records.length > TEST_DATA_MAX_ROWS) return { fileError: `At most ${TEST_DATA_MAX_ROWS.toLocaleString('en-US')} test rows per file` };
  const missing = REQUIRED.filter((column) => !(column in records[0]!));
  if (missing.length) return { fileError: `The header must name the columns ${TEST_DATA_COLUMNS.join(', ')}; missing: ${missing.join(', ')}` };
  const result: ParsedTestData = { rows: [], errors: [] };
  await forEachRow(records, (record, index) => {
    const row = index + 2;
    const parsed = testDataRowSchema.safeParse(toRow(record));
    if (parsed.success) result.rows.push({ row, data: parsed.data });
    else
      result.errors.push({ row, serialNumber: record.serialNumber ?? '', errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] });
  });
  return result;
};
