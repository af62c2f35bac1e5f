type Waiter = { enqueuedAt: number; admit: () => void; timer: NodeJS.Timeout };

/** Takes a request that waits in line out of it (its client went away); it is then neither admitted nor refused. */
export type LeaveLine = () => void;

export class OverloadedError extends Error {}

/** What a request decided at once gets: there is no line to leave. */
const stayed: LeaveLine = () => undefined;

export type AdmissionPolicy = {
  /** Requests working on the database at once. */
  maxConcurrent: number;
  /** A hard cap on the line, whatever the waits: memory is finite. */
  maxQueue: number;
  /** A standing line whose waits stay above this is a saturated database (CoDel's target). */
  targetWaitMs: number;
  /** How long the waits must stay above the target before requests are refused (CoDel's interval). */
  intervalMs: number;
  /** No request waits longer than this: past it, a prompt 503 serves the user better than a hung page. */
  maxWaitMs: number;
};

/**
 * The admission queue in front of the database, refusing only at saturation (after CoDel, Nichols & Jacobson):
 * a line is fine as long as it drains — a burst, or fifty browsers each waiting for their previous answer, waits
 * its turn and is served. The line counts as saturated when the time requests wait in it has stayed above
 * `targetWaitMs` for a whole `intervalMs`; then newcomers are refused at once (a cheap, fast 503 decided without
 * touching the database) while those already in line are served, until a request is again admitted within the
 * target. A fixed per-request timeout, by contrast, refused requests at light load on a busy machine.
 */
export class LoadShedder {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** When waits first rose above the target without falling back under it since. */
  private aboveTargetSince: number | null = null;
  private saturated = false;
  private refusals = 0;
  /** Told how long each request that waited in line waited (metrics); those admitted at once are not told. */
  onWait: ((waitMs: number) => void) | undefined;

  constructor(
    private readonly policy: AdmissionPolicy,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  get isSaturated(): boolean {
    return this.saturated;
  }

  /** Requests refused since start (saturated, full line, or waited the longest wait), read when metrics are scraped. */
  get refused(): number {
    return this.refusals;
  }

  /** Takes a free slot at once if there is one. */
  tryAcquire(): boolean {
    if (this.active >= this.policy.maxConcurrent) return false;
    this.active += 1;
    return true;
  }

  /**
   * Admits, lines up or refuses a request, with callbacks rather than a promise: every API request passes here, and
   * under overload most are refused, so a refusal must cost no promise, abort signal or error (with its stack).
   * Exactly one of `admitted` and `refused` is called, unless the request leaves the line first; `refused` may be
   * called before this returns. Returns how to leave the line while waiting in it.
   */
  enter(admitted: () => void, refused: () => void): LeaveLine {
    if (this.tryAcquire()) {
      admitted();
      return stayed;
    }
    const now = this.clock();
    // The oldest request's wait so far is a wait the line already has: it counts before anyone is admitted.
    const oldest = this.waiting[0];
    if (oldest) this.observeWait(now, now - oldest.enqueuedAt);
    if (this.saturated || this.waiting.length >= this.policy.maxQueue) {
      this.refusals += 1;
      refused();
      return stayed;
    }
    const waiter: Waiter = {
      enqueuedAt: now,
      admit: admitted,
      timer: setTimeout(() => {
        if (!this.leave(waiter)) return;
        this.refusals += 1;
        refused();
      }, this.policy.maxWaitMs),
    };
    this.waiting.push(waiter);
    return () => void this.leave(waiter);
  }

  /**
   * Resolves once admitted; rejects with OverloadedError when the line is saturated or full, or after the
   * longest wait. A caller that gives up (`signal` aborts) leaves the line at once and is rejected the same way,
   * so it neither holds a place in line nor is later handed a slot nobody will give back.
   */
  acquire(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const refuse = () => {
        signal?.removeEventListener('abort', giveUp);
        reject(new OverloadedError());
      };
      let leave: LeaveLine = stayed;
      const giveUp = () => {
        leave();
        refuse();
      };
      signal?.addEventListener('abort', giveUp);
      leave = this.enter(() => {
        signal?.removeEventListener('abort', giveUp);
        resolve();
      }, refuse);
    });
  }

  /** Takes a waiter out of the line; false when it was no longer in it (admitted or refused already). */
  private leave(waiter: Waiter): boolean {
    const index = this.waiting.indexOf(waiter);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    clearTimeout(waiter.timer);
    return true;
  }

  release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.active = Math.max(0, this.active - 1);
      this.observeWait(this.clock(), 0);
      return;
    }
    clearTimeout(next.timer);
    const now = this.clock();
    const waitMs = now - next.enqueuedAt;
    this.observeWait(now, waitMs);
    this.onWait?.(waitMs);
    next.admit();
  }

  private observeWait(now: number, waitMs: number): void {
    if (waitMs < this.policy.targetWaitMs) {
      this.aboveTargetSince = null;
      this.saturated = false;
      return;
    }
    this.aboveTargetSince ??= now;
    if (now - this.aboveTargetSince >= this.policy.intervalMs) this.saturated = true;
  }
}
