import type { FirmwareTargetState } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import * as repo from './campaigns.repository.ts';

/** OCPP 1.6 FirmwareStatus → the charger's state in its campaign, with the failure named. Idle changes nothing. */
const STATES: Record<string, { state: FirmwareTargetState; failure?: string }> = {
  Downloading: { state: 'downloading' },
  Downloaded: { state: 'downloaded' },
  Installing: { state: 'installing' },
  Installed: { state: 'installed' },
  DownloadFailed: { state: 'failed', failure: 'Download failed (DownloadFailed), after the retries the charger was given' },
  InstallationFailed: { state: 'failed', failure: 'Installation failed (InstallationFailed)' },
};

/**
 * Follows chargers through their update: FirmwareStatusNotification moves the campaign entry, and the boot after
 * Installed checks the version the charger reports against the campaign's. Events are handled one at a time, in
 * the order they came, so a charger's Installed is stored before its boot is judged.
 */
export const createCampaignTracker = ({ db, log, changed }: { db: Database; log: FastifyBaseLogger; changed: () => void }) => {
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => log.warn({ err: error }, 'Firmware campaign progress not recorded'));
    return queue;
  };

  const firmwareStatus = (chargerId: string, status: string) =>
    enqueue(async () => {
      const next = STATES[status];
      const target = next && (await repo.openTargetOf(db, chargerId));
      if (!next || !target) return;
      await repo.updateTarget(db, target.campaignId, chargerId, { state: next.state, failure: next.failure ?? null }, [target.state]);
      if (next.state === 'failed') changed();
    });

  /** After a reboot: the charger's BootNotification (already stored) must carry the campaign's version. */
  const booted = (chargerId: string) =>
    enqueue(async () => {
      const target = await repo.openTargetOf(db, chargerId);
      if (!target || target.state !== 'installed') return;
      const reported = target.firmwareVersion;
      const matches = reported === target.version;
      await repo.updateTarget(
        db,
        target.campaignId,
        chargerId,
        matches
          ? { state: 'updated', reportedVersion: reported, failure: null }
          : {
              state: 'failed',
              reportedVersion: reported,
              failure: `Reported version ${reported ?? 'none'} after the reboot; expected ${target.version}`,
            },
        ['installed'],
      );
      changed();
    });

  return { firmwareStatus, booted, idle: () => queue };
};

export type CampaignTracker = ReturnType<typeof createCampaignTracker>;
