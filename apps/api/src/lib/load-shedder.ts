type Waiter = { resolve: () => void; timer: NodeJS.Timeout };

export class OverloadedError extends Error {}

/**
 * A bounded admission queue in front of the database. At most `maxConcurrent` requests work at once;
 * up to `maxQueue` more wait at most `queueTimeoutMs`; anything beyond is refused at once.
 * PGlite runs one query at a time, so without this an overload would turn into ever-growing latency.
 */
export class LoadShedder {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly maxConcurrent: number,
    private readonly maxQueue: number,
    private readonly queueTimeoutMs: number,
  ) {}

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Takes a free slot at once if there is one. */
  tryAcquire(): boolean {
    if (this.active >= this.maxConcurrent) return false;
    this.active += 1;
    return true;
  }

  /**
   * Resolves once admitted; rejects with OverloadedError when the queue is full or the wait too long.
   * A caller that gives up (`signal` aborts) leaves the line at once and is rejected the same way, so it
   * neither holds a place in line nor is later handed a slot nobody will give back.
   */
  acquire(signal?: AbortSignal): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    if (this.waiting.length >= this.maxQueue) return Promise.reject(new OverloadedError());
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', leave);
        reject(new OverloadedError());
      };
      const waiter: Waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        },
        timer: setTimeout(leave, this.queueTimeoutMs),
      };
      signal?.addEventListener('abort', leave);
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
      return;
    }
    this.active = Math.max(0, this.active - 1);
  }
}
