import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** What a fleet process is told to do (fleet-child.ts), and what it answers. */
export type FleetSetup = { baseUrl: string; firstIndex: number; rate: number; concurrency: number; ocpp201Share: number };
export type FleetRequest =
  { type: 'ramp'; target: number } | { type: 'hold-start' } | { type: 'hold-stop' } | { type: 'reconnect'; concurrency: number } | { type: 'close' };
export type RampReply = { type: 'ramp'; seconds: number; connected: number; setupTotals: number[]; failures: [string, number][] };
export type HoldReply = {
  type: 'hold';
  latencies: number[];
  /** The 1.6J and the 2.0.1 chargers' parts of `latencies`. */
  latencies16: number[];
  latencies201: number[];
  slowAt: number[];
  /** The fleet process's own event-loop lag during the hold (ms): a late loop reads as a slow answer. */
  lagP99: number;
  lagMax: number;
  failures: number;
  disconnects: number;
  connected: number;
  connected201: number;
  cpuSeconds: number;
};
export type ReconnectReply = {
  type: 'reconnect';
  seconds: number;
  reconnected: number;
  times: number[];
  failures: [string, number][];
  /** The fleet process's CPU during the reconnect: on two shared cores the chargers' side is part of the bill. */
  cpuSeconds: number;
};
export type FleetReply = { type: 'ready' } | { type: 'ack' } | RampReply | HoldReply | ReconnectReply;

/**
 * A BenchFleet in a process of its own. A process may hold at most `ulimit -Hn` sockets (20,000 here), so a
 * fleet larger than that is split over several; each also gets an event loop of its own, as real chargers have.
 */
export class RemoteFleet {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly child: ChildProcess) {}

  static start(setup: FleetSetup): Promise<RemoteFleet> {
    return new Promise((resolve, reject) => {
      const child = fork(path.join(import.meta.dirname, 'fleet-child.ts'), {
        // BENCH_FLEET_NODE_ARGS, e.g. '--trace-gc --trace-gc-ignore-scavenger': is the client pausing?
        execArgv: [...(process.env.BENCH_FLEET_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx'],
        env: { ...process.env, BENCH_FLEET: JSON.stringify(setup) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`fleet process exited with ${code}`)));
      child.once('message', () => resolve(new RemoteFleet(child)));
    });
  }

  /** One request at a time: the answer to a request is the child's next message. */
  private ask<R extends FleetReply>(request: FleetRequest): Promise<R> {
    const answer = this.queue.then(
      () =>
        new Promise<R>((resolve, reject) => {
          const onExit = (code: number | null) => reject(new Error(`fleet process exited with ${code} during ${request.type}`));
          this.child.once('exit', onExit);
          this.child.once('message', (reply) => {
            this.child.off('exit', onExit);
            resolve(reply as R);
          });
          this.child.send(request);
        }),
    );
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  ramp(target: number) {
    return this.ask<RampReply>({ type: 'ramp', target });
  }

  holdStart() {
    return this.ask({ type: 'hold-start' });
  }

  holdStop() {
    return this.ask<HoldReply>({ type: 'hold-stop' });
  }

  reconnect(concurrency: number) {
    return this.ask<ReconnectReply>({ type: 'reconnect', concurrency });
  }

  async close(): Promise<void> {
    this.child.removeAllListeners('exit');
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies FleetRequest);
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    this.child.kill('SIGKILL');
  }
}

const total = <R>(replies: readonly R[], pick: (reply: R) => number) => replies.reduce((sum, reply) => sum + pick(reply), 0);
const most = <R>(replies: readonly R[], pick: (reply: R) => number) => Math.max(...replies.map(pick));

/**
 * `chargers` chargers from `firstIndex` on, split over `processes` fleet processes: a fleet's own collections
 * grow with its heap (at 10,000 chargers in one process its event loop stopped for up to 0.7 s, and every answer
 * due meanwhile read as slow), so smaller fleets keep the client honest.
 */
export class FleetGroup {
  private constructor(
    private readonly fleets: RemoteFleet[],
    private readonly shares: number[],
  ) {}

  static async start(setup: FleetSetup & { chargers: number; processes: number }): Promise<FleetGroup> {
    const size = Math.ceil(setup.chargers / setup.processes);
    const shares = Array.from({ length: setup.processes }, (_, index) => Math.max(0, Math.min(size, setup.chargers - index * size))).filter(Boolean);
    const fleets = await Promise.all(
      shares.map((_, index) =>
        RemoteFleet.start({
          baseUrl: setup.baseUrl,
          firstIndex: setup.firstIndex + index * size,
          rate: setup.rate / shares.length,
          concurrency: Math.max(1, Math.ceil(setup.concurrency / shares.length)),
          ocpp201Share: setup.ocpp201Share,
        }),
      ),
    );
    return new FleetGroup(fleets, shares);
  }

  /** Every fleet of the group up to its share, each with a running session. */
  async ramp(): Promise<RampReply> {
    const replies = await Promise.all(this.fleets.map((fleet, index) => fleet.ramp(this.shares[index]!)));
    return {
      type: 'ramp',
      seconds: most(replies, (reply) => reply.seconds),
      connected: total(replies, (reply) => reply.connected),
      setupTotals: replies.flatMap((reply) => reply.setupTotals),
      failures: replies.flatMap((reply) => reply.failures),
    };
  }

  async holdStart(): Promise<void> {
    await Promise.all(this.fleets.map((fleet) => fleet.holdStart()));
  }

  /** The group's hold as one fleet's: latencies together, the worst loop lag, sums of the rest. */
  async holdStop(): Promise<HoldReply> {
    const replies = await Promise.all(this.fleets.map((fleet) => fleet.holdStop()));
    return {
      type: 'hold',
      latencies: replies.flatMap((reply) => reply.latencies),
      latencies16: replies.flatMap((reply) => reply.latencies16),
      latencies201: replies.flatMap((reply) => reply.latencies201),
      slowAt: replies.flatMap((reply) => reply.slowAt),
      lagP99: most(replies, (reply) => reply.lagP99),
      lagMax: most(replies, (reply) => reply.lagMax),
      failures: total(replies, (reply) => reply.failures),
      disconnects: total(replies, (reply) => reply.disconnects),
      connected: total(replies, (reply) => reply.connected),
      connected201: total(replies, (reply) => reply.connected201),
      cpuSeconds: total(replies, (reply) => reply.cpuSeconds),
    };
  }

  async reconnect(concurrency: number): Promise<ReconnectReply> {
    const each = Math.max(1, Math.ceil(concurrency / this.fleets.length));
    const replies = await Promise.all(this.fleets.map((fleet) => fleet.reconnect(each)));
    return {
      type: 'reconnect',
      seconds: most(replies, (reply) => reply.seconds),
      reconnected: total(replies, (reply) => reply.reconnected),
      times: replies.flatMap((reply) => reply.times),
      failures: replies.flatMap((reply) => reply.failures),
      cpuSeconds: total(replies, (reply) => reply.cpuSeconds),
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.fleets.map((fleet) => fleet.close()));
  }
}
