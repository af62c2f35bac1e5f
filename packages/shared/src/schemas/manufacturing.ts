import { z } from 'zod';
import { idSchema } from './common.ts';
import { optionalText, requiredText } from './fields.ts';
import { fieldLabels, schemaMessages } from '../schema-messages.ts';
import { validationMessages as m } from '../messages.ts';

/** The columns of an end-of-line testing-data CSV (one test of one charger a row). */
export const TEST_DATA_COLUMNS = ['serialNumber', 'testName', 'result', 'measured', 'unit', 'testedAt', 'station'] as const;
export const TEST_DATA_MAX_ROWS = 5000;

/** One CSV row as the import checks it; result is pass or fail, testedAt an ISO date-time. */
export const testDataRowSchema = z.object({
  serialNumber: requiredText('Serial number', 100),
  testName: requiredText('Test name', 120),
  result: z.enum(['pass', 'fail'], { error: m.mustBeOneOf(fieldLabels.result, 'pass', 'fail') }),
  measured: z.number({ error: 'Measured must be a number' }).finite().nullable(),
  unit: optionalText('Unit', 20),
  testedAt: z.iso.datetime({ offset: true, error: schemaMessages.testedAt }),
  station: optionalText('Station', 60),
});
export type TestDataRow = z.infer<typeof testDataRowSchema>;

export const testDataRowErrorSchema = z.object({ row: z.number().int(), serialNumber: z.string(), errors: z.array(z.string()) });
export type TestDataRowError = z.infer<typeof testDataRowErrorSchema>;

export const testDataImportResultSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  imported: z.number().int(),
  chargers: z.number().int(),
});
export const testDataErrorResponseSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  code: z.string().optional(),
  rows: z.array(testDataRowErrorSchema).optional(),
});

export const chargerTestResultSchema = z.object({
  id: z.string(),
  testName: z.string(),
  passed: z.boolean(),
  measured: z.number().nullable(),
  unit: z.string(),
  testedAt: z.string(),
  station: z.string(),
  importedBy: z.string(),
});
export type ChargerTestResult = z.infer<typeof chargerTestResultSchema>;
export const chargerTestHistorySchema = z.object({ serialNumber: z.string(), items: z.array(chargerTestResultSchema) });
export type ChargerTestHistory = z.infer<typeof chargerTestHistorySchema>;

export const testDataImportQuerySchema = z.object({ locationId: idSchema.optional() });
export const chargerPhotoInfoSchema = z.object({
  photo: z.object({ contentType: z.string(), size: z.number().int(), uploadedAt: z.string(), uploadedBy: z.string() }).nullable(),
});
export type ChargerPhotoInfo = z.infer<typeof chargerPhotoInfoSchema>;
