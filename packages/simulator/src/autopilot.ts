import { setTimeout as sleep } from 'node:timers/promises';
import type { SimulatedCharger } from './charger.ts';
import type { ChargePointErrorCode, StopReason } from '@wattdesk/shared/ocpp/ocpp16';

export type MinutesRange = readonly [min: number, max: number];

export type AutopilotOptions = {
  /** Simulated minutes per real minute: 60 runs an hour of driving in a minute (default 1). */
  timeScale?: number;
  /** How long a session lasts (default 3 to 12 minutes). */
  sessionMinutes?: MinutesRange;
  /** How long a connector stays free between sessions (default 0.5 to 4 minutes). */
  idleMinutes?: MinutesRange;
  /** Chance that an idle connector faults instead of starting a session (default 0.05). */
  faultChance?: number;
  /** How long a fault lasts before it clears (default 1 to 5 minutes). */
  faultMinutes?: MinutesRange;
  /** Driver tokens to use (default: a dozen made with demoIdTags). */
  idTags?: string[];
  /** Send Authorize before starting, and skip the session when it is not Accepted (default true). */
  authorize?: boolean;
  random?: () => number;
  /** Where failures go (default: the charger's 'warning' event). */
  onError?: (error: Error) => void;
};

const FAULT_CODES: ChargePointErrorCode[] = [
  'GroundFailure',
  'OverCurrentFailure',
  'HighTemperature',
  'PowerSwitchFailure',
  'EVCommunicationError',
  'ConnectorLockFailure',
];
const HEX = '0123456789ABCDEF';

/** Driver tokens as they look on a real network: app accounts (DRIVER-0007) and RFID card UIDs (4- or 7-byte hex). */
export const demoIdTags = (random: () => number = Math.random, count = 12): string[] => {
  const tags = new Set<string>();
  while (tags.size < count) {
    if (tags.size % 2 === 0) tags.add(`DRIVER-${String(1 + Math.floor(random() * 9999)).padStart(4, '0')}`);
    else {
      const length = random() < 0.6 ? 8 : 14;
      tags.add(Array.from({ length }, () => HEX[Math.floor(random() * 16)]).join(''));
    }
  }
  return [...tags];
};

/**
 * A demo scenario on every connector of a charger: drivers arrive, authorize, charge for a while and leave;
 * now and then a connector faults and recovers. Commands from the server (remote start/stop, availability,
 * resets) are respected: the autopilot only acts on connectors that are free. Returns a function that stops it
 * (running sessions are left to the caller).
 */
export const startAutopilot = (charger: SimulatedCharger, options: AutopilotOptions = {}): (() => void) => {
  const random = options.random ?? Math.random;
  const timeScale = options.timeScale ?? 1;
  const sessionMinutes = options.sessionMinutes ?? [3, 12];
  const idleMinutes = options.idleMinutes ?? [0.5, 4];
  const faultMinutes = options.faultMinutes ?? [1, 5];
  const faultChance = options.faultChance ?? 0.05;
  const idTags = options.idTags?.length ? options.idTags : demoIdTags(random);
  const authorize = options.authorize ?? true;
  const report = options.onError ?? ((error: Error) => void charger.emit('warning', error));
  const stopper = new AbortController();

  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = ([min, max]: MinutesRange) => min + random() * (max - min);
  const wait = (minutes: number) => sleep((minutes * 60_000) / timeScale, undefined, { signal: stopper.signal });

  const cycle = async (connectorId: number) => {
    if (!charger.connected || !charger.isFree(connectorId)) return;
    if (random() < faultChance) {
      await charger.fault(connectorId, pick(FAULT_CODES));
      await wait(between(faultMinutes));
      if (charger.connected && charger.connector(connectorId).status === 'Faulted') await charger.clearFault(connectorId);
      return;
    }
    const idTag = pick(idTags);
    if (authorize) {
      const { idTagInfo } = await charger.authorize(idTag);
      if (idTagInfo.status !== 'Accepted') {
        report(new Error(`${charger.chargerId}: ${idTag} was not accepted (${idTagInfo.status})`));
        return;
      }
    }
    // Stopped while the Authorize was answered: no new session after stop() has returned.
    if (stopper.signal.aborted || !charger.isFree(connectorId)) return;
    const { transactionId, idTagInfo } = await charger.startSession({ connectorId, idTag });
    if (idTagInfo.status !== 'Accepted') return;
    await wait(between(sessionMinutes));
    if (charger.connected && charger.activeTransactionId(connectorId) === transactionId) {
      const reason: StopReason = random() < 0.7 ? 'Local' : 'EVDisconnected';
      await charger.stopSession({ connectorId, reason });
    }
  };

  const run = async (connectorId: number) => {
    // Spread the first arrivals over the idle range so a fleet does not start in step.
    await wait(random() * idleMinutes[1]);
    while (!stopper.signal.aborted) {
      try {
        await cycle(connectorId);
      } catch (error) {
        if (stopper.signal.aborted) return;
        report(error instanceof Error ? error : new Error(String(error)));
      }
      await wait(between(idleMinutes));
    }
  };

  for (let connectorId = 1; connectorId <= charger.connectorCount; connectorId += 1) {
    run(connectorId).catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'AbortError')) report(error instanceof Error ? error : new Error(String(error)));
    });
  }
  return () => stopper.abort();
};
