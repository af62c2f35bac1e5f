import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_DRIVERS, benchDriverTag } from './bench-tags.ts';
import { LeanCharger } from './lean-charger.ts';
import type { LeanChargerOptions } from './lean-link.ts';
import { chargerCode, HEARTBEAT_S, METER_S, OCPP_PASSWORD } from './ocpp-bench-server.ts';

/**
 * The balancer of the rolling-restart bench, as a charger fleet sees it: the nodes' addresses and which of them
 * answer /readyz 200 (looked at every `intervalMs`). A connection goes to the next ready node in turn, as a
 * round-robin balancer that follows readiness sends it.
 */
export class ReadyBalancer {
  private readonly ready = new Map<string, boolean>();
  private turn = 0;
  private looking = true;
  private readonly loop: Promise<void>;

  constructor(
    private readonly nodes: string[],
    intervalMs = 250,
  ) {
    for (const node of nodes) this.ready.set(node, true);
    this.loop = (async () => {
      while (this.looking) {
        await Promise.all(this.nodes.map((node) => this.look(node)));
        await sleep(intervalMs);
      }
    })();
  }

  private async look(node: string) {
    try {
      this.ready.set(node, (await fetch(`${node}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200);
    } catch {
      this.ready.set(node, false);
    }
  }

  /** A node replaced by another (a restarted process on a new port). */
  replace(old: string, next: string) {
    this.nodes.splice(this.nodes.indexOf(old), 1, next);
    this.ready.delete(old);
    this.ready.set(next, false);
  }

  /** The next ready node, or undefined when none is. */
  pick(): string | undefined {
    const ready = this.nodes.filter((node) => this.ready.get(node));
    if (!ready.length) return undefined;
    this.turn = (this.turn + 1) % ready.length;
    return ready[this.turn];
  }

  async close() {
    this.looking = false;
    await this.loop;
  }
}

/** What the fleet counted: acknowledged MeterValues (each one a row the server owes), drops and reconnects. */
export type FleetCounts = { meterAcked: number; meterFailed: number; drops: number };

type Member = { charger: LeanCharger; options: LeanChargerOptions; reconnecting: boolean };

/**
 * 1.6J lean chargers (lean-charger.ts) that reconnect when their node drops them, through the balancer: after a
 * random pause of up to a second (real chargers back off, and not all at the same instant), to a ready node;
 * refused or unreachable, again after a doubling pause. Each remembers its session, so meter values go on.
 */
export class ReconnectingFleet {
  readonly members: Member[] = [];
  readonly counts: FleetCounts = { meterAcked: 0, meterFailed: 0, drops: 0 };
  /** Per dropped charger: ms from its drop until it was connected and booted again. */
  readonly reconnectTimes: number[] = [];
  readonly failures = new Map<string, number>();
  lastReconnectAt = 0;

  constructor(private readonly balancer: ReadyBalancer) {}

  get connected(): number {
    return this.members.filter((member) => member.charger.connected).length;
  }

  /** Brings up `total` chargers at `rate` a second (at most `concurrency` setting up), each with a session. */
  async ramp(total: number, rate: number, concurrency: number): Promise<void> {
    const started = performance.now();
    let inFlight = 0;
    const setups: Promise<void>[] = [];
    for (let index = 0; index < total; index += 1) {
      const wait = started + (index * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      while (inFlight >= concurrency) await sleep(5);
      inFlight += 1;
      setups.push(this.setUp(index).finally(() => (inFlight -= 1)));
    }
    await Promise.all(setups);
  }

  private async setUp(index: number) {
    const member = this.member(index);
    try {
      member.options.baseUrl = this.balancer.pick() ?? member.options.baseUrl;
      await member.charger.connect();
      await member.charger.startSession(benchDriverTag(index % BENCH_DRIVERS));
    } catch (error) {
      this.fail('setup', error);
    }
  }

  private member(index: number): Member {
    const options: LeanChargerOptions = {
      baseUrl: '',
      chargerId: chargerCode(index),
      password: OCPP_PASSWORD,
      heartbeatSeconds: HEARTBEAT_S,
      meterSeconds: METER_S,
      callTimeoutMs: 30_000,
      onCall: (method, _durationMs, ok) => {
        if (method !== 'MeterValues') return;
        if (ok) this.counts.meterAcked += 1;
        else this.counts.meterFailed += 1;
      },
      onDisconnect: () => void this.reconnect(member),
    };
    const member: Member = { charger: new LeanCharger(options), options, reconnecting: false };
    this.members.push(member);
    return member;
  }

  private async reconnect(member: Member) {
    if (member.reconnecting || this.closing) return;
    member.reconnecting = true;
    this.counts.drops += 1;
    const droppedAt = performance.now();
    try {
      await sleep(Math.random() * 1000);
      for (let attempt = 0; !this.closing; attempt += 1) {
        const node = this.balancer.pick();
        if (node) {
          member.options.baseUrl = node;
          try {
            await member.charger.connect();
            this.reconnectTimes.push(performance.now() - droppedAt);
            this.lastReconnectAt = performance.now();
            return;
          } catch (error) {
            this.fail('reconnect', error);
            await member.charger.close();
          }
        }
        await sleep(Math.min(10_000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2));
      }
    } finally {
      member.reconnecting = false;
    }
  }

  private fail(stage: string, error: unknown) {
    const key = `${stage}: ${(error instanceof Error ? error.message : String(error)).replace(/BENCH-?\d+/g, 'BENCH-…').slice(0, 160)}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  private closing = false;

  async close(): Promise<void> {
    this.closing = true;
    for (let start = 0; start < this.members.length; start += 500)
      await Promise.allSettled(this.members.slice(start, start + 500).map((member) => member.charger.close()));
  }
}
