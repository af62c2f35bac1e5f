import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CommandReply } from '../../lib/cluster-bus.ts';
import { createBatchedLookup } from '../../lib/group-commit.ts';
import { createKeyedQueue } from '../../lib/keyed-queue.ts';
import { allocatePower, gridCapacityW, limitAt, localHour } from './allocation.ts';
import * as repo from './dpo.repository.ts';

type Send = (chargerCode: string, connectedNode: string | null, method: string, params: Record<string, unknown>) => Promise<CommandReply>;

/** Profile ids we own on every charger: ours are cleared and replaced, a charger's other profiles are left alone. */
export const PROFILE_IDS = { chargePointMax: 8_801, txDefault: 8_802, tx: (connectorId: number) => 8_810 + connectorId } as const;

const schedule = (limitW: number) => ({
  chargingRateUnit: 'W',
  chargingSchedulePeriod: [{ startPeriod: 0, limit: Math.max(0, Math.floor(limitW)) }],
});
const profile = (chargingProfileId: number, purpose: string, stackLevel: number, limitW: number, transactionId?: number) => ({
  chargingProfileId,
  stackLevel,
  chargingProfilePurpose: purpose,
  chargingProfileKind: 'Relative',
  ...(transactionId !== undefined ? { transactionId } : {}),
  chargingSchedule: schedule(limitW),
});
const statusOf = (reply: CommandReply): string => {
  if (!reply.ok) return reply.code;
  const status = (reply.result as { status?: unknown }).status;
  return typeof status === 'string' ? status : 'Accepted';
};

export type PowerEngineOptions = { db: Database; send: Send; log: FastifyBaseLogger; now: () => Date; debounceMs?: number; tickMs?: number };

/**
 * Applies each location's limit to its chargers with OCPP 1.6 smart charging (decision 034):
 * ChargePointMaxProfile = the grid connection, TxDefaultProfile = the minimum per session (so a new session starts
 * low until its share arrives), TxProfile per running session = its share. Recomputed, debounced per location,
 * when a session starts or stops, settings change, a charger reconnects, or a time-of-day period begins.
 */
export const createPowerEngine = ({ db, send, log, now, debounceMs = 150, tickMs = 60_000 }: PowerEngineOptions) => {
  const timers = new Map<string, NodeJS.Timeout>();
  const recomputations = createKeyedQueue();
  /** What each session was last sent (W), so an unchanged share is not sent again; forgotten on reconnect. */
  const sent = new Map<string, { chargerId: string; allocatedW: number }>();
  const lastLimit = new Map<string, number>();
  let closed = false;
  /** A fleet back after a network blip asks for its location's settings once a round, not once a charger. */
  const reconnectedAt = createBatchedLookup((locationIds: string[]) => repo.findLocationsPower(db, locationIds));

  const recompute = async (locationId: string): Promise<void> => {
    const location = await repo.findLocationPower(db, locationId);
    const settings = location?.settings;
    if (!location || !settings?.enabled) {
      await repo.clearAllocations(db, locationId);
      return;
    }
    const limitW = limitAt(settings, gridCapacityW(settings), localHour(now(), location.timeZone));
    lastLimit.set(locationId, limitW);
    const sessions = await repo.activeSessionsAt(db, locationId);
    // A charger that is offline keeps the profile it last had: its share stays reserved until it is back.
    const reserved = sessions.filter((s) => !s.connectedNode);
    const reservedW = reserved.reduce((sum, s) => sum + (s.allocatedW ?? settings.minPerSessionW), 0);
    const shares = allocatePower(
      limitW - reservedW,
      settings.minPerSessionW,
      sessions
        .filter((s) => s.connectedNode)
        .map((s) => ({
          key: s.sessionId,
          priority: s.priority === 'high' ? 1 : 0,
          startedAt: s.startedAtMs,
          maxW: Math.round(s.maxPowerKw * 1000),
        })),
    );
    const rows = await Promise.all(
      sessions.map(async (s) => {
        const allocatedW = shares.get(s.sessionId) ?? s.allocatedW ?? settings.minPerSessionW;
        const base = { sessionId: s.sessionId, chargerId: s.chargerId, allocatedW };
        if (!s.connectedNode) return { ...base, profileStatus: 'CHARGER_OFFLINE' };
        if (sent.get(s.sessionId)?.allocatedW === allocatedW) return { ...base, profileStatus: s.profileStatus };
        const reply = await send(s.chargerCode, s.connectedNode, 'SetChargingProfile', {
          connectorId: s.connectorId,
          csChargingProfiles: profile(PROFILE_IDS.tx(s.connectorId), 'TxProfile', 1, allocatedW, s.transactionId),
        });
        const profileStatus = statusOf(reply);
        if (profileStatus === 'Accepted') sent.set(s.sessionId, { chargerId: s.chargerId, allocatedW });
        else sent.delete(s.sessionId);
        return { ...base, profileStatus };
      }),
    );
    const active = new Set(sessions.map((s) => s.sessionId));
    for (const sessionId of [...sent.keys()]) if (!active.has(sessionId)) sent.delete(sessionId);
    // rows[i] is sessions[i] after this recompute; the session's row as read is what is stored.
    const changed = rows.filter((row, index) => {
      const stored = sessions[index]!;
      return stored.allocatedW !== row.allocatedW || stored.profileStatus !== row.profileStatus;
    });
    await repo.syncAllocations(db, locationId, changed);
  };

  /** Runs after a short quiet time; recomputations of one location never overlap. */
  const scheduleLocation = (locationId: string) => {
    if (closed) return;
    clearTimeout(timers.get(locationId));
    timers.set(
      locationId,
      setTimeout(() => {
        timers.delete(locationId);
        void recomputations
          .run(locationId, () => recompute(locationId))
          .catch((error: Error) => log.warn({ err: error.message, locationId }, 'Power sharing not applied'));
      }, debounceMs),
    );
  };

  /** The charger-wide profiles: the grid as its maximum, the minimum per session as the default for new sessions. */
  const applyChargerProfiles = async (
    charger: { chargerCode: string; connectedNode: string | null },
    settings: repo.PowerSettingsRow | null | undefined,
  ) => {
    if (!settings?.enabled) {
      for (const id of [PROFILE_IDS.chargePointMax, PROFILE_IDS.txDefault])
        await send(charger.chargerCode, charger.connectedNode, 'ClearChargingProfile', { id });
      await send(charger.chargerCode, charger.connectedNode, 'ClearChargingProfile', { chargingProfilePurpose: 'TxProfile', stackLevel: 1 });
      return;
    }
    const gridW = gridCapacityW(settings);
    if (gridW === null) await send(charger.chargerCode, charger.connectedNode, 'ClearChargingProfile', { id: PROFILE_IDS.chargePointMax });
    else
      await send(charger.chargerCode, charger.connectedNode, 'SetChargingProfile', {
        connectorId: 0,
        csChargingProfiles: profile(PROFILE_IDS.chargePointMax, 'ChargePointMaxProfile', 0, gridW),
      });
    await send(charger.chargerCode, charger.connectedNode, 'SetChargingProfile', {
      connectorId: 0,
      csChargingProfiles: profile(PROFILE_IDS.txDefault, 'TxDefaultProfile', 0, settings.minPerSessionW),
    });
  };

  const forgetCharger = (chargerId: string) => {
    for (const [sessionId, entry] of sent) if (entry.chargerId === chargerId) sent.delete(sessionId);
  };

  const tick = async () => {
    for (const { locationId } of await repo.timeOfDayLocations(db)) {
      const location = await repo.findLocationPower(db, locationId);
      if (!location?.settings) continue;
      const limitW = limitAt(location.settings, gridCapacityW(location.settings), localHour(now(), location.timeZone));
      if (lastLimit.get(locationId) !== limitW) scheduleLocation(locationId);
    }
  };
  const ticker = setInterval(() => void tick().catch((error: Error) => log.warn({ err: error.message }, 'Time-of-day limits not checked')), tickMs);
  ticker.unref();

  return {
    /** A session started or stopped at the location. */
    sessionsChanged: scheduleLocation,
    /** A charger (re)connected: it gets the charger-wide profiles and its sessions' shares again. */
    chargerConnected: async (charger: { id: string; chargerCode: string; locationId: string }) => {
      forgetCharger(charger.id);
      const location = await reconnectedAt.get(charger.locationId);
      if (location?.settings?.enabled) {
        await applyChargerProfiles({ chargerCode: charger.chargerCode, connectedNode: null }, location.settings);
        scheduleLocation(charger.locationId);
      }
    },
    /** Settings changed: every connected charger gets the charger-wide profiles, then sessions their new shares. */
    settingsChanged: async (locationId: string) => {
      const location = await repo.findLocationPower(db, locationId);
      const chargers = await repo.connectedChargersAt(db, locationId);
      for (const charger of chargers) forgetCharger(charger.id);
      await Promise.all(chargers.map((charger) => applyChargerProfiles(charger, location?.settings)));
      scheduleLocation(locationId);
    },
    /** For tests and benchmarks: recompute now and wait for it. */
    recomputeNow: async (locationId: string) => {
      await recomputations.run(locationId, () => recompute(locationId));
    },
    /** Waits for scheduled and running recomputations. */
    settled: async () => {
      while (timers.size) await new Promise((resolve) => setTimeout(resolve, debounceMs));
      await recomputations.idle();
    },
    close: () => {
      closed = true;
      clearInterval(ticker);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
};

export type PowerEngine = ReturnType<typeof createPowerEngine>;
