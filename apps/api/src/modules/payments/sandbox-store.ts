import type { Database } from '../../db/client.ts';
import type { SandboxCollection, SandboxState } from './sandbox-state.ts';
import { loadObjects, upsertObjects, type SandboxProvider } from './sandbox-store.repository.ts';

export type StoredSandboxState = SandboxState & {
  /** Reads every object the provider's sandbox stored; call once, before the sandbox answers. */
  load(): Promise<void>;
};

/**
 * A sandbox's state over `payment_sandbox_objects`: read whole at start, kept in memory (extensions answer
 * synchronously), written back by `flush`, which the sandbox awaits before it answers. Object ids are the table's
 * key per provider, so every kind's ids must be distinct (Stripe's prefixes make them so; replays carry a prefix).
 */
export const createStoredSandboxState = (db: Database, provider: SandboxProvider): StoredSandboxState => {
  const kinds = new Map<string, Map<string, object>>();
  const dirty = new Map<string, { kind: string; value: object }>();

  const itemsOf = (kind: string) => kinds.get(kind) ?? kinds.set(kind, new Map()).get(kind)!;

  const collection = <T extends object>(kind: string): SandboxCollection<T> => {
    const items = itemsOf(kind) as Map<string, T>;
    return {
      get: (id) => items.get(id),
      has: (id) => items.has(id),
      set: (id, value) => {
        items.set(id, value);
        dirty.set(id, { kind, value });
      },
      values: () => [...items.values()],
    };
  };

  const load = async () => {
    for (const row of await loadObjects(db, provider)) {
      if (row.body && typeof row.body === 'object') itemsOf(row.kind).set(row.objectId, row.body);
    }
  };

  let inFlight: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  /** One statement for everything changed so far; a failed write puts its objects back for the next flush. */
  const write = (): Promise<void> => {
    const batch = [...dirty].map(([objectId, { kind, value }]) => ({ objectId, kind, value }));
    dirty.clear();
    // Serialised now: the body as it is at this write (extensions may change an object after they set it).
    const rows = batch.map(({ objectId, kind, value }) => ({ objectId, kind, body: JSON.parse(JSON.stringify(value)) as unknown }));
    const tracked: Promise<void> = upsertObjects(db, provider, rows)
      .catch((error: unknown) => {
        // Put back as they are now (a later write may hold a newer body of the same object; writing it again is harmless).
        for (const { objectId, kind } of batch) {
          const current = itemsOf(kind).get(objectId);
          if (current && !dirty.has(objectId)) dirty.set(objectId, { kind, value: current });
        }
        throw error;
      })
      .finally(() => {
        if (inFlight === tracked) inFlight = undefined;
      });
    inFlight = tracked;
    return tracked;
  };

  /**
   * Resolves once every change made so far is stored. Group commit: while a write is in flight, the changes of every
   * answer waiting meanwhile go together in the next one (one statement), so concurrent answers share a write and an
   * older body never lands after a newer one.
   */
  const flush = (): Promise<void> => {
    if (queued) return queued;
    if (dirty.size === 0) return inFlight ?? Promise.resolve();
    if (!inFlight) return write();
    const next = inFlight
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return dirty.size > 0 ? write() : (inFlight ?? undefined);
      });
    queued = next;
    return next;
  };

  return { collection, flush, load };
};
