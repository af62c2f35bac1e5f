import type { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { OCPP_HEARTBEAT_INTERVAL_SECONDS } from '@wattdesk/shared';
import type { ConfigurationStore } from '../configuration.ts';
import type { SimulatedChargerEvents, SimulatedChargerOptions } from './types.ts';

/** The charger as its parts see it from outside: the emitter its users listen to. */
export type ChargerEvents = EventEmitter<SimulatedChargerEvents>;

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * What every part of a simulated charger shares: its options, configuration keys, events, randomness, and a
 * lifetime that ends pauses and follow-ups when the charger is closed.
 */
export class ChargerRuntime {
  readonly chargerId: string;
  readonly random: () => number;
  /** The charger's clock: what its timestamps say. */
  readonly now: () => number;
  private lifetime = new AbortController();

  constructor(
    readonly options: SimulatedChargerOptions,
    readonly configuration: ConfigurationStore,
    readonly events: ChargerEvents,
  ) {
    this.chargerId = options.chargerId;
    this.random = options.random ?? Math.random;
    this.now = options.clock ?? Date.now;
  }

  get heartbeatIntervalSeconds(): number {
    return this.configuration.getNumber('HeartbeatInterval') ?? OCPP_HEARTBEAT_INTERVAL_SECONDS;
  }

  get meterIntervalSeconds(): number {
    return this.configuration.getNumber('MeterValueSampleInterval') ?? 10;
  }

  /** Pause between the steps of uploads, updates and reboots. */
  get stepDelayMs(): number {
    return this.options.stepDelayMs ?? 1000;
  }

  /** The charger was closed: pauses end with an AbortError. */
  get ended(): boolean {
    return this.lifetime.signal.aborted;
  }

  /** A closed charger that connects again starts a new lifetime. */
  renew(): void {
    if (this.lifetime.signal.aborted) this.lifetime = new AbortController();
  }

  end(): void {
    this.lifetime.abort();
  }

  pause(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.lifetime.signal });
  }

  /** Runs a command's follow-up once its answer has been sent (OCPP wants the answer first). */
  afterReply(action: () => Promise<unknown>): void {
    setImmediate(() => {
      action().catch((error: unknown) => {
        if (!isAbort(error)) this.warn(error);
      });
    });
  }

  warn(error: unknown): void {
    this.events.emit('warning', error instanceof Error ? error : new Error(String(error)));
  }

  /** setInterval, optionally with the first run at a random point of the first interval; returns its cancel. */
  repeat(intervalMs: number, tick: () => void): () => void {
    if (!this.options.jitterTimers) {
      const timer = setInterval(tick, intervalMs);
      return () => clearInterval(timer);
    }
    let timer = setTimeout(
      () => {
        timer = setInterval(tick, intervalMs);
        tick();
      },
      Math.round(this.random() * intervalMs),
    );
    return () => clearTimeout(timer);
  }
}
