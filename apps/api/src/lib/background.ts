import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay or shape the HTTP answer (e.g. mail after forgot-password, whose answer
 * must not reveal whether the account exists). Failures are logged; shutdown waits for what is running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly logger: FastifyBaseLogger,
    /** Told about every failure, e.g. to write the system log; its own failure is only logged. */
    private readonly onFailure?: (name: string, error: unknown) => Promise<void>,
  ) {}

  run(name: string, task: () => Promise<void>): void {
    const promise = task()
      .catch(async (error: unknown) => {
        this.logger.error({ err: error, task: name }, 'background task failed');
        await this.onFailure?.(name, error).catch((failure: unknown) => this.logger.error({ err: failure }, 'background failure hook failed'));
      })
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Tasks running now (mails being sent, OCPI command calls): what a drain waits for, and what metrics read. */
  get size(): number {
    return this.running.size;
  }

  get pending(): number {
    return this.running.size;
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
