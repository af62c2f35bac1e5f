import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export type ProbeSetup = { entry: string; baseUrl: string; chargerIds: string[]; password: string };
export type ProbeRequest = { type: 'probe'; ms: number; perSecond: number } | { type: 'close' };
export type ProbeResult = { latencies: number[]; statuses: Record<string, number>; failures: number; lagP99: number };
export type ProbeReply = { type: 'ready'; connected: number; failures: string[] } | ({ type: 'result' } & ProbeResult) | { type: 'closed' };

/**
 * Times Authorize from its own thread. The fleet's thread runs thousands of sockets and its event loop lags
 * (p99 ~15 ms at 2,500 chargers), and that lag was counted in every Authorize it timed, as if the server had
 * taken it. A real charger has its own CPU: this probe's few chargers run on an otherwise idle loop, whose lag is
 * printed beside the figure.
 */
export class AuthorizeProbe {
  private constructor(
    private readonly worker: Worker,
    readonly connected: number,
  ) {}

  static async start(setup: Omit<ProbeSetup, 'entry'>): Promise<AuthorizeProbe> {
    const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), {
      workerData: { ...setup, entry: new URL('./authorize-probe-worker.ts', import.meta.url).href } satisfies ProbeSetup,
    });
    const [ready] = (await once(worker, 'message')) as [ProbeReply];
    if (ready.type !== 'ready') throw new Error(`Authorize probe: unexpected ${ready.type}`);
    if (ready.failures.length) console.log(`  Authorize probe: ${ready.failures.length} chargers did not connect (${ready.failures[0]})`);
    return new AuthorizeProbe(worker, ready.connected);
  }

  /** Authorize at `perSecond` for `ms`, spread over the probe's chargers. */
  async probe(ms: number, perSecond: number): Promise<ProbeResult> {
    if (!perSecond || !this.connected) return { latencies: [], statuses: {}, failures: 0, lagP99: 0 };
    this.worker.postMessage({ type: 'probe', ms, perSecond } satisfies ProbeRequest);
    const [result] = (await once(this.worker, 'message')) as [ProbeReply];
    if (result.type !== 'result') throw new Error(`Authorize probe: unexpected ${result.type}`);
    return result;
  }

  async close(): Promise<void> {
    this.worker.postMessage({ type: 'close' } satisfies ProbeRequest);
    await Promise.race([once(this.worker, 'message'), new Promise((resolve) => setTimeout(resolve, 5000))]);
    await this.worker.terminate();
  }
}
