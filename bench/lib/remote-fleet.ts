import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** What a fleet process is told to do (fleet-child.ts), and what it answers. */
export type FleetSetup = { baseUrl: string; firstIndex: number; rate: number; concurrency: number };
export type FleetRequest =
  { type: 'ramp'; target: number } | { type: 'hold-start' } | { type: 'hold-stop' } | { type: 'reconnect'; concurrency: number } | { type: 'close' };
export type RampReply = { type: 'ramp'; seconds: number; connected: number; setupTotals: number[]; failures: [string, number][] };
export type HoldReply = {
  type: 'hold';
  latencies: number[];
  slowAt: number[];
  /** The fleet process's own event-loop lag during the hold (ms): a late loop reads as a slow answer. */
  lagP99: number;
  lagMax: number;
  failures: number;
  disconnects: number;
  connected: number;
  cpuSeconds: number;
};
export type ReconnectReply = { type: 'reconnect'; seconds: number; reconnected: number; times: number[]; failures: [string, number][] };
export type FleetReply = { type: 'ready' } | { type: 'ack' } | RampReply | HoldReply | ReconnectReply;

/**
 * A BenchFleet in a process of its own. A process may hold at most `ulimit -Hn` sockets (20,000 here), so a
 * fleet larger than that is split over several; each also gets an event loop of its own, as real chargers have.
 */
export class RemoteFleet {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly child: ChildProcess,
    readonly pid: number,
  ) {}

  static start(setup: FleetSetup): Promise<RemoteFleet> {
    return new Promise((resolve, reject) => {
      const child = fork(path.join(import.meta.dirname, 'fleet-child.ts'), {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, BENCH_FLEET: JSON.stringify(setup) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`fleet process exited with ${code}`)));
      child.once('message', () => resolve(new RemoteFleet(child, child.pid!)));
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
