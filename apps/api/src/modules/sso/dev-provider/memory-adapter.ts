import type { Adapter, AdapterPayload } from 'oidc-provider';

type Entry = { payload: AdapterPayload; expiresAt: number };

/**
 * Storage of the development provider (sessions, codes, grants): in memory, per issuer, expiring as the
 * provider asks. It is what oidc-provider's own quick-start adapter does, without its start-up warning
 * aimed at production use; the development provider is one node and forgets everything on restart by design.
 */
export const createMemoryAdapter = () => {
  const entries = new Map<string, Entry>();
  const grants = new Map<string, Set<string>>();
  const alive = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.payload;
    entries.delete(key);
    return undefined;
  };

  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      if (entries.size > 10_000) for (const stale of [...entries.keys()]) alive(stale);
      const key = this.key(id);
      entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
      if (payload.grantId) grants.set(payload.grantId, (grants.get(payload.grantId) ?? new Set()).add(key));
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return alive(this.key(id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      for (const key of entries.keys()) {
        const payload = key.startsWith(`${this.model}:`) ? alive(key) : undefined;
        if (payload?.uid === uid) return payload;
      }
      return undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      for (const key of entries.keys()) {
        const payload = key.startsWith(`${this.model}:`) ? alive(key) : undefined;
        if (payload?.userCode === userCode) return payload;
      }
      return undefined;
    }

    async consume(id: string): Promise<void> {
      const payload = alive(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const key of grants.get(grantId) ?? []) entries.delete(key);
      grants.delete(grantId);
    }
  };
};
