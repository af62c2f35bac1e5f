import { setTimeout as sleep } from 'node:timers/promises';
import { LeanCharger } from './lean-charger.ts';
import { LeanCharger201 } from './lean-charger-201.ts';
import type { BenchCharger } from './lean-link.ts';

/** The calls a charger makes in steady state (1.6 and 2.0.1); everything else is setup. */
const STEADY_METHODS = new Set(['Heartbeat', 'MeterValues', 'TransactionEvent.Updated']);

/**
 * Whether charger `index` of a fleet speaks 2.0.1 when `share` of the fleet does: spread evenly through the
 * indexes, so every range of chargers (a node's, a fleet process's) has its share.
 */
export const speaks201 = (index: number, share: number): boolean => Math.floor((index + 1) * share) > Math.floor(index * share);

/** A steady-state call slower than this is noted with its time in the hold (the bar is p99 < 100 ms). */
export const SLOW_CALL_MS = 100;

const shorten = (message: string) =>
  message
    .replace(/BENCH-\d+/g, 'BENCH-…')
    .replace(/\d+/g, '#')
    .slice(0, 160);

export type FleetOptions = {
  baseUrl: string;
  chargerId: (index: number) => string;
  /** The tag the charger's session starts with. */
  idTag: (index: number) => string;
  ocppPassword: string;
  heartbeatSeconds: number;
  meterSeconds: number;
  /** New connections per second during a ramp. */
  rate: number;
  /** Setups (connect, boot, start a session) in flight at once. */
  concurrency: number;
  /** The share of chargers that speak OCPP 2.0.1 (0 to 1; by index, speaks201); the rest speak 1.6J. */
  ocpp201Share?: number;
};

/**
 * What the fleet saw while recording a hold: steady-state latencies (ms), failed calls, drops, background
 * errors.
 */
export class HoldRecorder {
  latencies: number[] = [];
  /** The 1.6J and the 2.0.1 chargers' parts of `latencies`. */
  latencies16: number[] = [];
  latencies201: number[] = [];
  /** When (ms into the hold) each call slower than SLOW_CALL_MS was answered: spread out, or all at one moment? */
  slowAt: number[] = [];
  failures = 0;
  disconnects = 0;
  recording = false;
  private startedAt = 0;
  readonly errors = new Map<string, number>();

  start() {
    this.latencies = [];
    this.latencies16 = [];
    this.latencies201 = [];
    this.slowAt = [];
    this.startedAt = performance.now();
    this.failures = 0;
    this.disconnects = 0;
    this.errors.clear();
    this.recording = true;
  }

  answered(durationMs: number, ocpp201 = false) {
    this.latencies.push(durationMs);
    (ocpp201 ? this.latencies201 : this.latencies16).push(durationMs);
    if (durationMs > SLOW_CALL_MS) this.slowAt.push(performance.now() - this.startedAt);
  }

  note(message: string) {
    const key = shorten(message);
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }
}

/**
 * A growing fleet of bench chargers for the OCPP load benchmark: each connects, boots and starts a session
 * (lean-charger.ts: no validation, no reconnects hiding drops, as little of the machine as it can take, so the
 * numbers are the server's). Records setup timings during ramps and steady-state call latencies during holds.
 */
export class BenchFleet {
  readonly chargers: BenchCharger[] = [];
  readonly hold = new HoldRecorder();
  /** Why chargers failed to connect or start a session, with counts. */
  readonly setupFailures = new Map<string, number>();
  /** During the last ramp: setup call durations (ms) by method, and whole setups (handshake to Charging). */
  readonly setupCalls = new Map<string, number[]>();
  setupTotals: number[] = [];

  constructor(private readonly options: FleetOptions) {}

  get connected(): number {
    return this.chargers.filter((charger) => charger.connected).length;
  }

  /** Brings the fleet up to `target` chargers, each with a running session, at `rate` new connections per second; returns the seconds it took. */
  async rampTo(target: number): Promise<number> {
    this.setupCalls.clear();
    this.setupTotals = [];
    const started = performance.now();
    let inFlight = 0;
    const setups: Promise<void>[] = [];
    const first = this.chargers.length;
    for (let index = first; index < target; index += 1) {
      const wait = started + ((index - first) * 1000) / this.options.rate - performance.now();
      if (wait > 0) await sleep(wait);
      while (inFlight >= this.options.concurrency) await sleep(5);
      const charger = this.makeCharger(index);
      this.chargers.push(charger);
      inFlight += 1;
      setups.push(
        this.setUp(charger, index).finally(() => {
          inFlight -= 1;
        }),
      );
    }
    await Promise.all(setups);
    return (performance.now() - started) / 1000;
  }

  /**
   * A network blip: every connection is dropped at once, then every charger connects again (WebSocket, argon2 or
   * remembered credentials, BootNotification, a StatusNotification per connector) with `concurrency` in flight.
   * Returns how long until all were back, and the per-charger reconnect times (ms).
   */
  async reconnectAll(concurrency: number): Promise<{ seconds: number; reconnected: number; times: number[] }> {
    const chargers = this.chargers.filter((charger) => charger.connected);
    for (let start = 0; start < chargers.length; start += 500)
      await Promise.allSettled(chargers.slice(start, start + 500).map((charger) => charger.close()));
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < chargers.length) {
        const charger = chargers[next++]!;
        const began = performance.now();
        try {
          await charger.connect();
          times.push(performance.now() - began);
        } catch (error) {
          const key = `reconnect: ${((error as Error).message ?? String(error)).replace(/BENCH-?\d+/g, 'BENCH-…').slice(0, 200)}`;
          this.setupFailures.set(key, (this.setupFailures.get(key) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, chargers.length) }, worker));
    return { seconds: (performance.now() - started) / 1000, reconnected: times.length, times };
  }

  async close(): Promise<void> {
    const chargers = this.chargers.splice(0);
    for (let start = 0; start < chargers.length; start += 500) {
      await Promise.allSettled(chargers.slice(start, start + 500).map((charger) => charger.close()));
    }
  }

  private async setUp(charger: BenchCharger, index: number): Promise<void> {
    const started = performance.now();
    try {
      await charger.connect();
      // Each session is a driver's: its tag goes through Authorize's rules like any other.
      await charger.startSession(this.options.idTag(index));
      this.setupTotals.push(performance.now() - started);
    } catch (error) {
      const key = ((error as Error).message ?? String(error)).replace(/BENCH-?\d+/g, 'BENCH-…').slice(0, 200);
      this.setupFailures.set(key, (this.setupFailures.get(key) ?? 0) + 1);
    }
  }

  private makeCharger(index: number): BenchCharger {
    const { hold } = this;
    const ocpp201 = speaks201(index, this.options.ocpp201Share ?? 0);
    return new (ocpp201 ? LeanCharger201 : LeanCharger)({
      baseUrl: this.options.baseUrl,
      chargerId: this.options.chargerId(index),
      password: this.options.ocppPassword,
      heartbeatSeconds: this.options.heartbeatSeconds,
      meterSeconds: this.options.meterSeconds,
      callTimeoutMs: 30_000,
      onCall: (method, durationMs, ok) => {
        if (!hold.recording && !STEADY_METHODS.has(method)) {
          const list = this.setupCalls.get(method) ?? [];
          list.push(durationMs);
          this.setupCalls.set(method, list);
        }
        if (!hold.recording || !STEADY_METHODS.has(method)) return;
        if (ok) hold.answered(durationMs, ocpp201);
        else hold.failures += 1;
      },
      onWarning: (message) => {
        if (hold.recording) hold.note(message);
      },
      onDisconnect: () => {
        if (hold.recording) hold.disconnects += 1;
      },
    });
  }
}
