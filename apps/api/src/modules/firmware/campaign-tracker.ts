import type { FirmwareTargetState } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createRoundPacer } from '../../lib/group-commit.ts';
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

/** Boots judged by one statement at most; a whole site reconnecting makes a few such reads, not one per charger. */
const BOOTS_PER_BATCH = 500;
/**
 * A read of boots starts at most this often (ms): a fleet reconnecting at 150 a second boots a charger every few
 * milliseconds, each finding the queue idle, and was judged a read per boot (decision 068). Nobody waits on it.
 */
const BOOT_ROUND_MS = 200;

/**
 * Follows chargers through their update: FirmwareStatusNotification moves the campaign entry, and the boot after
 * Installed checks the version the charger reports against the campaign's. Events are handled one at a time, in
 * the order they came, so a charger's Installed is stored before its boot is judged.
 */
export const createCampaignTracker = ({ db, log, changed }: { db: Database; log: FastifyBaseLogger; changed: () => void }) => {
  let queue: Promise<void> = Promise.resolve();
  /**
   * Boots waiting together at the end of the queue. A boot joins them only while nothing else was queued after
   * them, so merging keeps the order of events: at 5,000 chargers one read per boot, one after another, made a
   * backlog of minutes that still ran after the fleet had connected (decision 013).
   */
  let waitingBoots: Set<string> | undefined;
  const nextBootRound = createRoundPacer(BOOT_ROUND_MS);
  const enqueue = (work: () => Promise<void>) => {
    waitingBoots = undefined;
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

  /** After reboots: each charger's BootNotification (already stored) must carry its campaign's version. */
  const judgeBoots = async (chargerIds: readonly string[]) => {
    const installed = (await repo.openTargetsOf(db, chargerIds)).filter((target) => target.state === 'installed');
    for (const target of installed) {
      const reported = target.firmwareVersion;
      const matches = reported === target.version;
      await repo.updateTarget(
        db,
        target.campaignId,
        target.chargerId,
        matches
          ? { state: 'updated', reportedVersion: reported, failure: null }
          : {
              state: 'failed',
              reportedVersion: reported,
              failure: `Reported version ${reported ?? 'none'} after the reboot; expected ${target.version}`,
            },
        ['installed'],
      );
    }
    if (installed.length) changed();
  };

  const booted = (chargerId: string) => {
    // A second boot of a charger already waiting is judged by the same read: the first would have settled it.
    if (waitingBoots && waitingBoots.size < BOOTS_PER_BATCH) {
      waitingBoots.add(chargerId);
      return queue;
    }
    const boots = new Set([chargerId]);
    const done = enqueue(async () => {
      // Boots that come meanwhile join this read, as long as nothing else was queued behind it.
      await nextBootRound();
      if (waitingBoots === boots) waitingBoots = undefined;
      return judgeBoots([...boots]);
    });
    waitingBoots = boots;
    return done;
  };

  return { firmwareStatus, booted, idle: () => queue };
};

export type CampaignTracker = ReturnType<typeof createCampaignTracker>;
