import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { idSchema } from './common.ts';
import { FIRMWARE_MODEL_MAX } from './firmware.ts';

/**
 * running: sending and following the current stage; paused: nothing new is sent; halted: a stage ended with a
 * failure, so the next one waits (retry the failed chargers, or abort); aborted; completed: every charger updated.
 */
export const FIRMWARE_CAMPAIGN_STATUSES = ['running', 'paused', 'halted', 'aborted', 'completed'] as const;
export type FirmwareCampaignStatus = (typeof FIRMWARE_CAMPAIGN_STATUSES)[number];

/**
 * A charger's update: pending (not sent yet), sent (UpdateFirmware accepted), then what its
 * FirmwareStatusNotifications say, up to updated (the boot after Installed reported the campaign's version).
 */
export const FIRMWARE_TARGET_STATES = [
  'pending',
  'sent',
  'downloading',
  'downloaded',
  'installing',
  'installed',
  'updated',
  'failed',
  'cancelled',
] as const;
export type FirmwareTargetState = (typeof FIRMWARE_TARGET_STATES)[number];
export const FIRMWARE_TARGET_DONE: readonly FirmwareTargetState[] = ['updated', 'failed', 'cancelled'];

export const FIRMWARE_CAMPAIGN_ACTIONS = ['pause', 'resume', 'abort', 'retry'] as const;
export type FirmwareCampaignAction = (typeof FIRMWARE_CAMPAIGN_ACTIONS)[number];

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: p.wholeNumberFromTo(field, min, max) })
    .int(p.wholeNumberFromTo(field, min, max))
    .min(min, p.wholeNumberFromTo(field, min, max))
    .max(max, p.wholeNumberFromTo(field, min, max));

/** Start a campaign: an image to one location's chargers of the given models (default: every model the image fits). */
export const createFirmwareCampaignBodySchema = z.object({
  imageId: idSchema,
  locationId: idSchema,
  models: z
    .array(z.string().trim().min(1, m.required(fieldLabels.model)).max(20, schemaMessages.modelNameLength), {
      error: schemaMessages.modelsList,
    })
    .max(FIRMWARE_MODEL_MAX, p.modelsAtMost(FIRMWARE_MODEL_MAX))
    .optional(),
  /** The first stage's share of the chargers; 100 sends to all at once. */
  firstStagePercent: wholeNumber(fieldLabels.firstStagePercent, 1, 100).default(10),
  /** When chargers may start downloading; default now. */
  retrieveAt: z.iso.datetime({ offset: true, error: 'Retrieve date must be a date and time' }).optional(),
  retries: wholeNumber(fieldLabels.retries, 0, 10).default(2),
  retryIntervalSeconds: wholeNumber(fieldLabels.retryInterval, 1, 3600).default(60),
});
export type CreateFirmwareCampaignBody = z.infer<typeof createFirmwareCampaignBodySchema>;
export type CreateFirmwareCampaignInput = z.input<typeof createFirmwareCampaignBodySchema>;

export const firmwareCampaignParamsSchema = z.object({ campaignId: idSchema });
export const firmwareCampaignActionParamsSchema = z.object({
  campaignId: idSchema,
  action: z.enum(FIRMWARE_CAMPAIGN_ACTIONS, { error: m.mustBeOneOf(fieldLabels.action, 'pause, resume, abort', 'retry') }),
});
export const firmwareCampaignListQuerySchema = z.object({ locationId: idSchema.optional() });

const countsSchema = z.object({ total: z.number().int(), updated: z.number().int(), failed: z.number().int(), inProgress: z.number().int() });

export const firmwareCampaignSummarySchema = z.object({
  id: z.uuid(),
  version: z.string(),
  imageId: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  models: z.array(z.string()),
  status: z.enum(FIRMWARE_CAMPAIGN_STATUSES),
  firstStagePercent: z.number().int(),
  currentStage: z.number().int(),
  retrieveAt: z.iso.datetime({ offset: true }),
  retries: z.number().int(),
  retryIntervalSeconds: z.number().int(),
  counts: countsSchema,
  createdAt: z.iso.datetime({ offset: true }),
});
export type FirmwareCampaignSummary = z.infer<typeof firmwareCampaignSummarySchema>;

export const firmwareCampaignTargetSchema = z.object({
  chargerId: z.uuid(),
  chargerCode: z.string(),
  name: z.string(),
  model: z.string(),
  stage: z.number().int(),
  state: z.enum(FIRMWARE_TARGET_STATES),
  previousVersion: z.string().nullable(),
  reportedVersion: z.string().nullable(),
  failure: z.string().nullable(),
  attempts: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type FirmwareCampaignTarget = z.infer<typeof firmwareCampaignTargetSchema>;

/** The campaign report: the summary and each charger's state, failures named. */
export const firmwareCampaignReportSchema = firmwareCampaignSummarySchema.extend({ chargers: z.array(firmwareCampaignTargetSchema) });
export type FirmwareCampaignReport = z.infer<typeof firmwareCampaignReportSchema>;

export const firmwareCampaignListSchema = z.object({ items: z.array(firmwareCampaignSummarySchema) });
export type FirmwareCampaignList = z.infer<typeof firmwareCampaignListSchema>;

/** The charger's download: a signed, expiring token and a file name (the version is in it, as vendors do). */
export const firmwareDownloadParamsSchema = z.object({ fileName: z.string().max(100, schemaMessages.downloadLink) });
export const firmwareDownloadQuerySchema = z.object({
  token: z.string({ error: schemaMessages.downloadLink }).min(1).max(1000, schemaMessages.downloadLink),
});
