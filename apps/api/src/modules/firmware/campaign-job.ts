import { createPeriodicPass } from '../../lib/periodic-pass.ts';
import { FIRMWARE_TARGET_DONE } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OcppServer } from '../ocpp/ocpp.service.ts';
import * as repo from './campaigns.repository.ts';
import * as images from './firmware.repository.ts';

export type CampaignJobDeps = {
  db: Database;
  ocpp: Pick<OcppServer, 'call' | 'logEvent'>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The charger's download URL for an image: signed, expiring (firmware-download.ts). */
  downloadUrl: (image: { id: string; version: string }, chargerId: string, expiresAt: Date) => string;
  /** A stage's chargers that reach no end state this long after it started are failed. */
  stageTimeoutMs?: number;
  /** An UpdateFirmware the charger did not get (offline, no answer) is sent again after this long, at most `maxAttempts` times. */
  resendMs?: number;
  maxAttempts?: number;
};

type Campaign = repo.CampaignRow;
type Target = Awaited<ReturnType<typeof repo.stageTargets>>[number];
const isDone = (state: string) => (FIRMWARE_TARGET_DONE as readonly string[]).includes(state);

/**
 * Moves running campaigns on (decision 052): sends UpdateFirmware to the current stage's pending chargers,
 * fails those that time out, and when a stage is over halts on a failure or goes on to the next stage. All
 * state is in the database, so a restarted node picks campaigns up where they were. One pass at a time.
 */
export const createCampaignJob = (deps: CampaignJobDeps) => {
  const { db, ocpp, now, log } = deps;
  const stageTimeoutMs = deps.stageTimeoutMs ?? 2 * 3_600_000;
  const resendMs = deps.resendMs ?? 60_000;
  const maxAttempts = deps.maxAttempts ?? 5;

  const send = async (campaign: Campaign, image: { id: string; version: string }, target: Target) => {
    const attempts = target.attempts + 1;
    // Marked first: the charger's first notification may come before its answer to the call reaches us.
    if (!(await repo.updateTarget(db, campaign.id, target.chargerId, { state: 'sent', attempts, failure: null }, ['pending']))) return;
    const retrieveAt = new Date(Math.max(campaign.retrieveAt.getTime(), now().getTime()));
    const expiresAt = new Date(retrieveAt.getTime() + (campaign.retries + 1) * campaign.retryIntervalSeconds * 1000 + 86_400_000);
    const location = deps.downloadUrl(image, target.chargerId, expiresAt);
    const reply = await ocpp.call(target.chargerCode, target.connectedNode, 'UpdateFirmware', {
      location,
      retrieveDate: retrieveAt.toISOString(),
      retries: campaign.retries,
      retryInterval: campaign.retryIntervalSeconds,
    });
    if (reply.ok) {
      ocpp.logEvent(target.chargerCode, target.chargerId, 'firmware', `UpdateFirmware to ${image.version} accepted`, { campaignId: campaign.id });
      return;
    }
    const failed = attempts >= maxAttempts;
    const failure = failed ? `UpdateFirmware not delivered after ${attempts} tries: ${reply.message}` : reply.message;
    await repo.updateTarget(db, campaign.id, target.chargerId, { state: failed ? 'failed' : 'pending', failure }, ['sent']);
    ocpp.logEvent(target.chargerCode, target.chargerId, 'firmware', `UpdateFirmware to ${image.version} not delivered: ${reply.message}`);
  };

  /** Answers true when the campaign moved to another stage and should be looked at again. */
  const advance = async (campaign: Campaign): Promise<boolean> => {
    const at = now();
    const stage = await repo.stageTargets(db, campaign.id, campaign.currentStage);
    const open = stage.filter((target) => !isDone(target.state));
    if (!open.length) {
      if (stage.some((target) => target.state === 'failed')) {
        await repo.updateCampaign(db, campaign.id, { status: 'halted' });
        return false;
      }
      const next = campaign.currentStage + 1;
      if (next <= 2 && (await repo.stageTargets(db, campaign.id, next)).length) {
        await repo.updateCampaign(db, campaign.id, { currentStage: next, stageStartedAt: at });
        return true;
      }
      await repo.updateCampaign(db, campaign.id, { status: 'completed' });
      return false;
    }
    const startedAt = Math.max(campaign.stageStartedAt.getTime(), campaign.retrieveAt.getTime());
    if (at.getTime() - startedAt > stageTimeoutMs) {
      const minutes = Math.round(stageTimeoutMs / 60_000);
      for (const target of open)
        await repo.updateTarget(
          db,
          campaign.id,
          target.chargerId,
          { state: 'failed', failure: `No result within ${minutes} minutes (last: ${target.state})` },
          [target.state],
        );
      return true;
    }
    const image = await images.findImage(db, campaign.imageId);
    if (!image) return false;
    for (const target of open)
      if (target.state === 'pending' && (target.attempts === 0 || at.getTime() - target.updatedAt.getTime() >= resendMs))
        await send(campaign, image, target);
    return false;
  };

  const pass = async () => {
    for (const campaign of await repo.runningCampaigns(db)) {
      let again = await advance(campaign);
      for (let round = 0; again && round < 3; round += 1) {
        const fresh = await repo.findCampaign(db, campaign.id);
        again = fresh?.status === 'running' ? await advance(fresh) : false;
      }
    }
  };

  return createPeriodicPass(pass, log, 'Firmware campaign pass failed');
};

export type CampaignJob = ReturnType<typeof createCampaignJob>;
