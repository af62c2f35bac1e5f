export type GroupCommitOptions = {
  /** Items in one write at most. */
  maxBatch?: number;
  /**
   * A round starts at most this often (ms): after a write the writer stays busy for the rest of the interval, and
   * what arrives meanwhile goes in the next round. For writes nobody waits on (the charger log, connection marks):
   * at a steady 100 items a second each one found the writer idle and went alone, a statement per item, and each
   * statement's triggers and planning cost more than its rows (decision 068). 0: the next round starts at once.
   */
  roundEveryMs?: number;
};

/**
 * Rounds that start at most every `intervalMs`: the promise resolves at once after a quiet spell, else when the
 * interval since the last round started has passed.
 */
export const createRoundPacer = (intervalMs: number) => {
  let lastStart = Number.NEGATIVE_INFINITY;
  return async () => {
    const rest = lastStart + intervalMs - performance.now();
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    lastStart = performance.now();
  };
};

/**
 * Group commit: items that arrive while a write is in flight are written together by the next one. An idle
 * writer writes at once, so a lone item waits for nothing; under load each write carries everything that
 * queued behind the previous one, and the number of statements stays flat however many callers there are.
 *
 * `write` answers one result per item, in order. When a batch fails, its items are written one at a time, so
 * one bad item fails only its own caller.
 */
export const createGroupCommit = <T, R>(write: (items: T[]) => Promise<R[]>, { maxBatch = 1000, roundEveryMs = 0 }: GroupCommitOptions = {}) => {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running: Promise<void> | undefined;

  const writeBatch = async (batch: Waiting[]) => {
    try {
      const results = await write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch)
        await write([waiting.item]).then(
          ([result]) => waiting.resolve(result!),
          (single: unknown) => waiting.reject(single),
        );
    }
  };

  const nextRound = createRoundPacer(roundEveryMs);
  const drain = async () => {
    while (queue.length) {
      // What arrives while a round waits for its turn goes in that round.
      if (roundEveryMs > 0) await nextRound();
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      await writeBatch(batch);
    }
    running = undefined;
  };

  return {
    add: (item: T): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        running ??= Promise.resolve().then(drain);
      }),
    /** Resolves once everything added so far is written. */
    idle: async () => {
      while (running) await running;
    },
  };
};

/**
 * Reads by key with the same rounds: the keys asked for while a read runs are read together by the next one
 * (`load` answers a Map; a key it lacks answers undefined).
 */
export const createBatchedLookup = <K, V>(load: (keys: K[]) => Promise<Map<K, V>>, options?: GroupCommitOptions) => {
  const rounds = createGroupCommit<K, V | undefined>(async (keys) => {
    const found = await load(keys);
    return keys.map((key) => found.get(key));
  }, options);
  return { get: rounds.add, idle: rounds.idle };
};
