import { setTimeout as sleep } from 'node:timers/promises';
import type { OcppVersion } from '@wattdesk/shared';
import { startAutopilot, type AutopilotOptions } from './autopilot.ts';
import { SimulatedCharger, type SimulatedChargerOptions } from './charger.ts';
import { logChargerEvents } from './log.ts';

/** In a mixed fleet (the demo, `--protocol mixed`), every third charger prefers OCPP 2.0.1. */
export const ocppVersionInMix = (index: number): OcppVersion => (index % 3 === 2 ? '2.0.1' : '1.6');

export type FleetChargerSpec = { chargerId: string; password?: string } & Partial<Omit<SimulatedChargerOptions, 'url' | 'chargerId' | 'password'>>;

export type SimulatedFleetOptions = {
  /** The product's base URL, e.g. http://localhost:3000. */
  url: string;
  chargers: FleetChargerSpec[];
  /** Run the demo scenario on every charger (true, or its options). Default false. */
  autopilot?: boolean | AutopilotOptions;
  /** Options every charger gets (each spec can override them). Chargers reconnect by default. */
  defaults?: Partial<Omit<SimulatedChargerOptions, 'url' | 'chargerId'>>;
  /** One line per charger event (connections, sessions, commands…); nothing when unset. */
  log?: (line: string) => void;
  /** Leave heartbeats and meter values out of the log. */
  quiet?: boolean;
  /** Chargers connecting at once (default 25). */
  connectConcurrency?: number;
};

export type SimulatedFleet = {
  chargers: SimulatedCharger[];
  /** Settles once every charger has made its first connection attempt (failed ones keep retrying). */
  ready: Promise<void>;
  /** Stops the autopilots, ends running sessions and closes every connection. */
  stop(): Promise<void>;
};

/**
 * Connects a set of simulated chargers in the background and keeps them connected: a charger the server refuses
 * or cannot be reached is retried with backoff until the fleet stops. Returns at once; await `ready` for the
 * first attempts.
 */
export const startSimulatedFleet = (options: SimulatedFleetOptions): SimulatedFleet => {
  const stopper = new AbortController();
  const stopAutopilots: (() => void)[] = [];
  const detachLogs: (() => void)[] = [];
  const background: Promise<void>[] = [];
  const autopilot = options.autopilot === true ? {} : options.autopilot || undefined;

  const chargers = options.chargers.map(
    ({ chargerId, password, ...overrides }) =>
      new SimulatedCharger({
        reconnect: true,
        ...options.defaults,
        ...overrides,
        url: options.url,
        chargerId,
        ...(password !== undefined ? { password } : {}),
      }),
  );
  if (options.log) for (const charger of chargers) detachLogs.push(logChargerEvents(charger, options.log, { quiet: options.quiet ?? false }));

  const keepConnecting = async (charger: SimulatedCharger, firstAttempt: () => void) => {
    let lastMessage = '';
    for (let attempt = 0; !stopper.signal.aborted; attempt += 1) {
      try {
        await charger.connect();
        firstAttempt();
        if (autopilot && !stopper.signal.aborted) stopAutopilots.push(startAutopilot(charger, autopilot));
        return;
      } catch (error) {
        firstAttempt();
        const message = error instanceof Error ? error.message : String(error);
        if (message !== lastMessage) options.log?.(`${new Date().toISOString().slice(11, 19)} ${charger.chargerId.padEnd(24)} ${message}; retrying`);
        lastMessage = message;
        await sleep(Math.min(30_000, 1000 * 2 ** attempt), undefined, { signal: stopper.signal }).catch(() => undefined);
      }
    }
  };

  // Bounded concurrency: a few dozen handshakes at a time, each waiting for its first attempt to finish.
  const concurrency = Math.max(1, options.connectConcurrency ?? 25);
  let next = 0;
  const worker = async () => {
    while (next < chargers.length && !stopper.signal.aborted) {
      const charger = chargers[next]!;
      next += 1;
      await new Promise<void>((firstDone) => {
        background.push(keepConnecting(charger, firstDone));
      });
    }
  };
  const ready = Promise.all(Array.from({ length: Math.min(concurrency, chargers.length) }, worker)).then(() => undefined);

  return {
    chargers,
    ready,
    stop: async () => {
      stopper.abort();
      await ready;
      for (const stop of stopAutopilots) stop();
      await Promise.allSettled(background);
      await Promise.allSettled(chargers.map((charger) => charger.close({ stopSessions: true, reason: 'Other' })));
      for (const detach of detachLogs) detach();
    },
  };
};
