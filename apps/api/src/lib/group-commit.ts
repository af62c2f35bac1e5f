/**
 * Group commit: items that arrive while a write is in flight are written together by the next one. An idle
 * writer writes at once, so a lone item waits for nothing; under load each write carries everything that
 * queued behind the previous one, and the number of statements stays flat however many callers there are.
 *
 * `write` answers one result per item, in order. When a batch fails, its items are written one at a time, so
 * one bad item fails only its own caller.
 */
export const createGroupCommit = <T, R>(write: (items: T[]) => Promise<R[]>, maxBatch = 1000) => {
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

  const drain = async () => {
    while (queue.length) {
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
export const createBatchedLookup = <K, V>(load: (keys: K[]) => Promise<Map<K, V>>) => {
  const rounds = createGroupCommit<K, V | undefined>(async (keys) => {
    const found = await load(keys);
    return keys.map((key) => found.get(key));
  });
  return { get: rounds.add, idle: rounds.idle };
};
