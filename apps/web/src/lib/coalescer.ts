type Timers = {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Collects items and hands them over in batches, at most one batch per `intervalMs`: the first item after a
 * quiet spell goes out at once (a lone change shows without delay), items arriving within the interval wait
 * for its end and go out together, without duplicates (by `keyOf`).
 */
export class Coalescer<T> {
  private pending = new Map<string, T>();
  private timer: unknown;
  private lastFlushAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly onFlush: (items: T[]) => void,
    private readonly intervalMs: number,
    private readonly keyOf: (item: T) => string = (item) => JSON.stringify(item),
    private readonly timers: Timers = realTimers,
  ) {}

  push(item: T): void {
    this.pending.set(this.keyOf(item), item);
    if (this.timer !== undefined) return;
    const wait = this.lastFlushAt + this.intervalMs - this.timers.now();
    if (wait <= 0) this.flush();
    else this.timer = this.timers.setTimeout(() => this.flush(), wait);
  }

  /** Hands over what is pending now. */
  flush(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const items = [...this.pending.values()];
    this.pending.clear();
    this.lastFlushAt = this.timers.now();
    this.onFlush(items);
  }

  /** Drops what is pending (the screen went away). */
  cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
