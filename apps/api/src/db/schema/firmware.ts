import { FIRMWARE_CAMPAIGN_STATUSES, FIRMWARE_TARGET_STATES } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { chargers, locations } from './locations.ts';
import { users } from './users.ts';

/**
 * A firmware image for chargers: its version, the models (chargePointModel) it fits, and the SHA-256 of its
 * bytes, computed by the server. The bytes live in file storage under storage_key.
 */
export const firmwareImages = pgTable(
  'firmware_images',
  {
    id: id(),
    version: text('version').notNull().unique(),
    models: text('models').array().notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('firmware_images_size_check', sql`${table.sizeBytes} > 0`),
    check('firmware_images_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A firmware campaign (decision 052): one image to the chargers of one location whose model it fits, in two
 * stages. Its state lives here, so the background job picks it up again after a restart.
 */
export const firmwareCampaigns = pgTable(
  'firmware_campaigns',
  {
    id: id(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => firmwareImages.id, { onDelete: 'restrict' }),
    // Goes with its location, as every other record of one does (a location is deleted only once it has no chargers).
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    models: text('models').array().notNull(),
    status: text('status', { enum: FIRMWARE_CAMPAIGN_STATUSES }).notNull().default('running'),
    firstStagePercent: integer('first_stage_percent').notNull(),
    currentStage: integer('current_stage').notNull().default(1),
    stageStartedAt: timestamp('stage_started_at', { withTimezone: true }).notNull().defaultNow(),
    retrieveAt: timestamp('retrieve_at', { withTimezone: true }).notNull(),
    retries: integer('retries').notNull(),
    retryIntervalSeconds: integer('retry_interval_seconds').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('firmware_campaigns_location_idx').on(table.locationId, table.createdAt),
    check('firmware_campaigns_status_check', sql`${table.status} in (${sql.raw(FIRMWARE_CAMPAIGN_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('firmware_campaigns_stage_check', sql`${table.firstStagePercent} between 1 and 100 and ${table.currentStage} in (1, 2)`),
  ],
);

/** One charger of a campaign: its stage and where its update stands, with the failure named. */
export const firmwareCampaignChargers = pgTable(
  'firmware_campaign_chargers',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => firmwareCampaigns.id, { onDelete: 'cascade' }),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    state: text('state', { enum: FIRMWARE_TARGET_STATES }).notNull().default('pending'),
    previousVersion: text('previous_version'),
    reportedVersion: text('reported_version'),
    failure: text('failure'),
    /** UpdateFirmware requests sent (the server tries again when the charger was offline or did not answer). */
    attempts: integer('attempts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.chargerId] }),
    index('firmware_campaign_chargers_charger_idx').on(table.chargerId, table.state),
    check('firmware_campaign_chargers_state_check', sql`${table.state} in (${sql.raw(FIRMWARE_TARGET_STATES.map((s) => `'${s}'`).join(', '))})`),
  ],
);
