import type { FastifyBaseLogger } from 'fastify';

export type OutageMonitorOptions = {
  /** Resolves when the database answers again. */
  probe: () => Promise<unknown>;
  log: FastifyBaseLogger;
  probeIntervalMs?: number;
};

/**
 * Notices a database outage from the errors requests meet and logs it once, not once per request: the
 * first failure logs an error and starts probing; the probe that succeeds logs the end and how long it lasted.
 * Requests in between are answered 503 without a line each (security review, item 6).
 */
export class OutageMonitor {
  #since: Date | undefined;
  #timer: NodeJS.Timeout | undefined;
  #failures = 0;

  constructor(private readonly options: OutageMonitorOptions) {}

  get inOutage(): boolean {
    return this.#since !== undefined;
  }

  report(error: unknown): void {
    this.#failures += 1;
    if (this.#since) return;
    this.#since = new Date();
    this.options.log.error({ err: error }, 'database unavailable: answering 503 until it is back');
    this.#timer = setInterval(() => void this.#probe(), this.options.probeIntervalMs ?? 5000);
    this.#timer.unref();
  }

  async #probe(): Promise<void> {
    try {
      await this.options.probe();
    } catch {
      return;
    }
    if (!this.#since) return;
    const downForMs = Date.now() - this.#since.getTime();
    this.options.log.warn({ downForMs, refusedRequests: this.#failures }, 'database reachable again');
    this.stop();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#since = undefined;
    this.#failures = 0;
  }
}
