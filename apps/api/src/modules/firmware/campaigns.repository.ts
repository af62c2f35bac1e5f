import { FIRMWARE_TARGET_DONE, type FirmwareCampaignSummary, type FirmwareCampaignTarget, type FirmwareTargetState } from '@wattdesk/shared';
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { uuidArray } from '../../db/sql-helpers.ts';
import { chargers, firmwareCampaignChargers as targets, firmwareCampaigns as campaigns, firmwareImages, locations } from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
const done = [...FIRMWARE_TARGET_DONE];

/** The chargers of a location with one of the models, by name: the first ones make the first stage. */
export const matchingChargers = (db: Executor, locationId: string, models: readonly string[]) =>
  db
    .select({ id: chargers.id, firmwareVersion: chargers.firmwareVersion })
    .from(chargers)
    .where(and(eq(chargers.locationId, locationId), inArray(chargers.model, [...models])))
    .orderBy(asc(chargers.name), asc(chargers.id));

/** Chargers of the list that another campaign is still updating. */
export const busyChargers = async (db: Executor, ids: readonly string[]): Promise<string[]> => {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ id: targets.chargerId })
    .from(targets)
    .where(and(inArray(targets.chargerId, [...ids]), notInArray(targets.state, done)));
  return rows.map((row) => row.id);
};

export const insertCampaign = async (db: Executor, values: typeof campaigns.$inferInsert, rows: (typeof targets.$inferInsert)[]) => {
  await db.insert(campaigns).values(values);
  if (rows.length) await db.insert(targets).values(rows);
};

export const findCampaign = async (db: Executor, id: string): Promise<CampaignRow | undefined> => {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
};

export const campaignsUsingImage = async (db: Executor, imageId: string) =>
  (await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.imageId, imageId)).limit(1)).length;

const counted = (state: SQL) => sql<number>`(count(*) filter (where ${state}))::int`;

const summaryQuery = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      id: campaigns.id,
      version: firmwareImages.version,
      imageId: campaigns.imageId,
      locationId: campaigns.locationId,
      locationName: locations.name,
      models: campaigns.models,
      status: campaigns.status,
      firstStagePercent: campaigns.firstStagePercent,
      currentStage: campaigns.currentStage,
      retrieveAt: campaigns.retrieveAt,
      retries: campaigns.retries,
      retryIntervalSeconds: campaigns.retryIntervalSeconds,
      createdAt: campaigns.createdAt,
      total: sql<number>`count(${targets.chargerId})::int`,
      updated: counted(sql`${targets.state} = 'updated'`),
      failed: counted(sql`${targets.state} = 'failed'`),
      inProgress: counted(sql`${targets.state} not in ('updated', 'failed', 'cancelled', 'pending')`),
    })
    .from(campaigns)
    .innerJoin(firmwareImages, eq(firmwareImages.id, campaigns.imageId))
    .innerJoin(locations, eq(locations.id, campaigns.locationId))
    .leftJoin(targets, eq(targets.campaignId, campaigns.id))
    .where(where)
    .groupBy(campaigns.id, firmwareImages.version, locations.name)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));

const toSummary = (row: Awaited<ReturnType<typeof summaryQuery>>[number]): FirmwareCampaignSummary => {
  const { total, updated, failed, inProgress, retrieveAt, createdAt, ...rest } = row;
  return { ...rest, retrieveAt: retrieveAt.toISOString(), createdAt: createdAt.toISOString(), counts: { total, updated, failed, inProgress } };
};

/** Newest first; `scope` undefined reaches every location. */
export const listCampaigns = async (db: Executor, scope: readonly string[] | undefined, locationId: string | undefined) => {
  const filters = [scope ? inArray(campaigns.locationId, scope.length ? [...scope] : ['00000000-0000-0000-0000-000000000000']) : undefined];
  if (locationId) filters.push(eq(campaigns.locationId, locationId));
  return (await summaryQuery(db, and(...filters)).limit(200)).map(toSummary);
};

export const campaignSummary = async (db: Executor, id: string) => {
  const [row] = await summaryQuery(db, eq(campaigns.id, id));
  return row ? toSummary(row) : undefined;
};

export const campaignTargets = async (db: Executor, campaignId: string): Promise<FirmwareCampaignTarget[]> => {
  const rows = await db
    .select({
      chargerId: targets.chargerId,
      chargerCode: chargers.chargerId,
      name: chargers.name,
      model: chargers.model,
      stage: targets.stage,
      state: targets.state,
      previousVersion: targets.previousVersion,
      reportedVersion: targets.reportedVersion,
      failure: targets.failure,
      attempts: targets.attempts,
      updatedAt: targets.updatedAt,
    })
    .from(targets)
    .innerJoin(chargers, eq(chargers.id, targets.chargerId))
    .where(eq(targets.campaignId, campaignId))
    .orderBy(asc(targets.stage), asc(chargers.name));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
};

export const updateCampaign = async (db: Executor, id: string, patch: Partial<Pick<CampaignRow, 'status' | 'currentStage' | 'stageStartedAt'>>) => {
  await db.update(campaigns).set(patch).where(eq(campaigns.id, id));
};

export type TargetPatch = Partial<Pick<typeof targets.$inferSelect, 'state' | 'failure' | 'reportedVersion' | 'attempts'>>;

export const updateTarget = async (
  db: Executor,
  campaignId: string,
  chargerId: string,
  patch: TargetPatch,
  onlyFrom?: readonly FirmwareTargetState[],
) => {
  const where = and(
    eq(targets.campaignId, campaignId),
    eq(targets.chargerId, chargerId),
    onlyFrom ? inArray(targets.state, [...onlyFrom]) : undefined,
  );
  const rows = await db
    .update(targets)
    .set({ ...patch, updatedAt: new Date() })
    .where(where)
    .returning({ id: targets.chargerId });
  return rows.length > 0;
};

/** Pending chargers of the campaign: cancelled (abort). */
export const cancelPending = (db: Executor, campaignId: string) =>
  db
    .update(targets)
    .set({ state: 'cancelled', failure: 'Campaign aborted before it was sent', updatedAt: new Date() })
    .where(and(eq(targets.campaignId, campaignId), eq(targets.state, 'pending')))
    .returning({ chargerId: targets.chargerId });

/** Failed chargers start again (retry); answers how many. */
export const resetFailed = async (db: Executor, campaignId: string) =>
  (
    await db
      .update(targets)
      .set({ state: 'pending', failure: null, reportedVersion: null, attempts: 0, updatedAt: new Date() })
      .where(and(eq(targets.campaignId, campaignId), eq(targets.state, 'failed')))
      .returning({ chargerId: targets.chargerId })
  ).length;

export const runningCampaigns = (db: Executor) =>
  db.select().from(campaigns).where(eq(campaigns.status, 'running')).orderBy(asc(campaigns.createdAt));

/** A stage's chargers with where to reach them. */
export const stageTargets = (db: Executor, campaignId: string, stage: number) =>
  db
    .select({
      chargerId: targets.chargerId,
      chargerCode: chargers.chargerId,
      connectedNode: chargers.connectedNode,
      state: targets.state,
      attempts: targets.attempts,
      updatedAt: targets.updatedAt,
    })
    .from(targets)
    .innerJoin(chargers, eq(chargers.id, targets.chargerId))
    .where(and(eq(targets.campaignId, campaignId), eq(targets.stage, stage)));

/**
 * Each charger's update in progress (in any campaign), with the version it should come back with: one statement for
 * a fleet's boots, so a reconnecting site does not queue one read per charger.
 */
export const openTargetsOf = (db: Executor, chargerIds: readonly string[]) =>
  db
    .selectDistinctOn([targets.chargerId], {
      chargerId: targets.chargerId,
      campaignId: targets.campaignId,
      state: targets.state,
      version: firmwareImages.version,
      firmwareVersion: chargers.firmwareVersion,
    })
    .from(targets)
    .innerJoin(campaigns, eq(campaigns.id, targets.campaignId))
    .innerJoin(firmwareImages, eq(firmwareImages.id, campaigns.imageId))
    .innerJoin(chargers, eq(chargers.id, targets.chargerId))
    .where(and(sql`${targets.chargerId} = any(${uuidArray(chargerIds)})`, notInArray(targets.state, ['pending', ...done])))
    .orderBy(targets.chargerId, desc(targets.updatedAt));

/** The charger's update in progress (in any campaign), with the version it should come back with. */
export const openTargetOf = async (db: Executor, chargerId: string) => {
  const [row] = await openTargetsOf(db, [chargerId]);
  return row;
};
