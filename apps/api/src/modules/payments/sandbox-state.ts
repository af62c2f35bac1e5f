/**
 * What the Stripe sandbox's extensions keep (customers, payment methods, intents, refunds, transfers, …), one
 * collection per kind of object. Extensions read and write synchronously, as they answer; the state is stored
 * before the answer leaves (`flush`), so a restart forgets nothing Stripe would remember (issue 43).
 */
export type SandboxCollection<T extends object> = {
  get(id: string): T | undefined;
  has(id: string): boolean;
  set(id: string, value: T): void;
  values(): T[];
};

export type SandboxState = {
  collection<T extends object>(kind: string): SandboxCollection<T>;
  /** Resolves once every change made so far is stored. */
  flush(): Promise<void>;
};

/**
 * The events the sandbox sends, as Stripe does: `emit` queues one (`type`, the object as the API answers it) to be
 * signed and posted to the product's webhook endpoint after the answer that caused it.
 */
export type SandboxEvents = { emit(type: string, object: Record<string, unknown>): void };

/** State in memory only: for tests of one extension and for the sandbox before its table is reachable. */
export const createMemorySandboxState = (): SandboxState => {
  const kinds = new Map<string, Map<string, object>>();
  return {
    collection: <T extends object>(kind: string): SandboxCollection<T> => {
      const items = (kinds.get(kind) ?? kinds.set(kind, new Map()).get(kind)!) as Map<string, T>;
      return {
        get: (id) => items.get(id),
        has: (id) => items.has(id),
        set: (id, value) => void items.set(id, value),
        values: () => [...items.values()],
      };
    },
    flush: () => Promise.resolve(),
  };
};
