import { randomUUID } from 'node:crypto';
import {
  AppError,
  type CreateFirmwareCampaignBody,
  type FirmwareCampaignAction,
  type FirmwareCampaignReport,
  type FirmwareCampaignStatus,
  type FirmwareCampaignSummary,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess, locationScope } from '../../lib/location-access.ts';
import type { LicensesService } from '../billing/licenses.service.ts';
import type { BillingService } from '../billing/billing.service.ts';
import * as repo from './campaigns.repository.ts';
import * as images from './firmware.repository.ts';

/** Which campaign states each action starts from, and where it leads. */
const TRANSITIONS: Record<FirmwareCampaignAction, { from: readonly FirmwareCampaignStatus[]; to: FirmwareCampaignStatus }> = {
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  abort: { from: ['running', 'paused', 'halted'], to: 'aborted' },
  retry: { from: ['halted'], to: 'running' },
};

export const ACTION_MESSAGES: Record<FirmwareCampaignAction, string> = {
  pause: 'Firmware campaign paused',
  resume: 'Firmware campaign resumed',
  abort: 'Firmware campaign aborted',
  retry: 'Failed chargers are being updated again',
};

/** Firmware campaigns (decision 052): the rules and the audit trail; the job and tracker do the OCPP part. */
type CampaignDeps = {
  db: Database;
  now: () => Date;
  kick: () => void;
  /** The location's plan must include firmware campaigns, and every charger updated needs a licence seat (decision 080). */
  plans: Pick<BillingService['plans'], 'assertFeature'>;
  licenses: Pick<LicensesService, 'assertLicensed'>;
};

export const createCampaignsService = ({ db, now, kick, plans, licenses }: CampaignDeps) => {
  const reportOf = async (auth: AuthContext, id: string): Promise<FirmwareCampaignReport> => {
    const summary = await repo.campaignSummary(db, id);
    if (!summary) throw new AppError('FIRMWARE_CAMPAIGN_NOT_FOUND');
    assertLocationAccess(auth, summary.locationId);
    return { ...summary, chargers: await repo.campaignTargets(db, id) };
  };

  const create = async (auth: AuthContext, actor: Actor, body: CreateFirmwareCampaignBody): Promise<FirmwareCampaignReport> => {
    assertLocationAccess(auth, body.locationId);
    await plans.assertFeature(db, body.locationId, 'firmware_campaigns');
    const image = await images.findImage(db, body.imageId);
    if (!image) throw new AppError('FIRMWARE_NOT_FOUND');
    // Only models the image fits: a model the image was not built for is never sent it.
    const models = body.models ? body.models.filter((model) => image.models.includes(model)) : image.models;
    const id = randomUUID();
    await db.transaction(async (tx) => {
      const found = models.length ? await repo.matchingChargers(tx, body.locationId, models) : [];
      if (!found.length) throw new AppError('FIRMWARE_CAMPAIGN_NO_CHARGERS');
      await licenses.assertLicensed(
        tx,
        found.map((charger) => charger.id),
        'Firmware campaigns',
      );
      if (
        (
          await repo.busyChargers(
            tx,
            found.map((charger) => charger.id),
          )
        ).length
      )
        throw new AppError('FIRMWARE_CAMPAIGN_BUSY');
      const firstStage = Math.max(1, Math.ceil((found.length * body.firstStagePercent) / 100));
      const retrieveAt = body.retrieveAt ? new Date(body.retrieveAt) : now();
      await repo.insertCampaign(
        tx,
        {
          id,
          imageId: image.id,
          locationId: body.locationId,
          models,
          firstStagePercent: body.firstStagePercent,
          retrieveAt,
          stageStartedAt: now(),
          retries: body.retries,
          retryIntervalSeconds: body.retryIntervalSeconds,
          createdBy: auth.userId,
        },
        found.map((charger, index) => ({
          campaignId: id,
          chargerId: charger.id,
          stage: index < firstStage ? 1 : 2,
          previousVersion: charger.firmwareVersion,
        })),
      );
      await recordActivity(tx, actor, {
        action: 'firmware.campaign.create',
        entity: 'firmware_campaign',
        entityId: id,
        locationId: body.locationId,
        changes: {
          version: { before: null, after: image.version },
          models: { before: null, after: models },
          chargers: { before: null, after: found.length },
          firstStage: { before: null, after: firstStage },
        },
      });
    });
    kick();
    return reportOf(auth, id);
  };

  const act = async (auth: AuthContext, actor: Actor, id: string, action: FirmwareCampaignAction) => {
    const rule = TRANSITIONS[action];
    await db.transaction(async (tx) => {
      const campaign = await repo.findCampaign(tx, id);
      if (!campaign) throw new AppError('FIRMWARE_CAMPAIGN_NOT_FOUND');
      assertLocationAccess(auth, campaign.locationId);
      if (!rule.from.includes(campaign.status)) throw new AppError('FIRMWARE_CAMPAIGN_STATE');
      let retried = 0;
      if (action === 'abort') await repo.cancelPending(tx, id);
      if (action === 'retry') {
        retried = await repo.resetFailed(tx, id);
        if (!retried) throw new AppError('FIRMWARE_CAMPAIGN_STATE', { messages: ['No charger of this campaign failed'] });
      }
      await repo.updateCampaign(tx, id, { status: rule.to, ...(action === 'pause' ? {} : { stageStartedAt: now() }) });
      await recordActivity(tx, actor, {
        action: `firmware.campaign.${action}`,
        entity: 'firmware_campaign',
        entityId: id,
        locationId: campaign.locationId,
        changes: { status: { before: campaign.status, after: rule.to }, ...(retried ? { retried: { before: null, after: retried } } : {}) },
      });
    });
    if (rule.to === 'running') kick();
    return reportOf(auth, id);
  };

  const list = (auth: AuthContext, locationId: string | undefined): Promise<FirmwareCampaignSummary[]> => {
    if (locationId) assertLocationAccess(auth, locationId);
    return repo.listCampaigns(db, locationScope(auth), locationId);
  };

  return { create, act, list, report: reportOf };
};

export type CampaignsService = ReturnType<typeof createCampaignsService>;
