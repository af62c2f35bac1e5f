/**
 * Tasks of one key run one after another, in the order they were queued; different keys run side by side. A key
 * is forgotten once its queue is empty, so keys that come and go (locations, notification subjects) cost nothing.
 */
export const createKeyedQueue = () => {
  const tails = new Map<string, Promise<void>>();
  return {
    /** Runs `task` after the key's earlier tasks; its result (or failure) is the caller's, the queue goes on either way. */
    run: <T>(key: string, task: () => Promise<T>): Promise<T> => {
      const result = (tails.get(key) ?? Promise.resolve()).then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    /** Waits for every task queued so far. */
    idle: async () => {
      await Promise.all(tails.values());
    },
  };
};
