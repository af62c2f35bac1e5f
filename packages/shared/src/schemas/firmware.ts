import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { idSchema } from './common.ts';

/** A firmware image may be larger than a document: chargers' images are typically a few to tens of MB. */
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
export const FIRMWARE_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,49}$/;
export const FIRMWARE_MODEL_MAX = 20;

export const firmwareVersionSchema = z
  .string({ error: m.required(fieldLabels.version) })
  .trim()
  .min(1, { error: m.required(fieldLabels.version), abort: true })
  .regex(FIRMWARE_VERSION_PATTERN, schemaMessages.firmwareVersion);

/** Models as the chargers report them in BootNotification (chargePointModel), comma-separated in the form. */
export const firmwareModelsSchema = z
  .string({ error: m.required(fieldLabels.models) })
  .transform((value) =>
    value
      .split(',')
      .map((model) => model.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(20, schemaMessages.modelNameLength))
      .min(1, m.required(fieldLabels.models))
      .max(FIRMWARE_MODEL_MAX, p.modelsAtMost(FIRMWARE_MODEL_MAX)),
  );

export const sha256Schema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, schemaMessages.checksum);

export const firmwareImageSchema = z.object({
  id: z.uuid(),
  version: z.string(),
  models: z.array(z.string()),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedByEmail: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type FirmwareImage = z.infer<typeof firmwareImageSchema>;

export const firmwareImageListSchema = z.object({ items: z.array(firmwareImageSchema) });
export type FirmwareImageList = z.infer<typeof firmwareImageListSchema>;

export const firmwareImageParamsSchema = z.object({ imageId: idSchema });
