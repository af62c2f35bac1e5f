import type { UserType } from '@wattdesk/shared';

export type SessionAccess = {
  userId: string;
  email: string;
  userType: UserType;
  status: string;
  sessionRevoked: boolean;
  locationIds: readonly string[];
};

type Entry = { value: SessionAccess | null; expiresAt: number };

/**
 * What a session may do, read once and kept for a few seconds so that an authenticated request
 * costs no extra query. Changes made on this node invalidate at once; other nodes see them after the TTL.
 */
export class AccessCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly load: (sessionId: string) => Promise<SessionAccess | null>,
    private readonly maxEntries = 50_000,
  ) {}

  /** The cached access of a session, or undefined when it has to be loaded (get). */
  peek(sessionId: string): SessionAccess | null | undefined {
    const hit = this.entries.get(sessionId);
    return hit && hit.expiresAt > Date.now() ? hit.value : undefined;
  }

  async get(sessionId: string): Promise<SessionAccess | null> {
    const hit = this.peek(sessionId);
    if (hit !== undefined) return hit;
    const now = Date.now();
    const value = await this.load(sessionId);
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.evictOldest();
      this.entries.set(sessionId, { value, expiresAt: now + this.ttlMs });
    }
    return value;
  }

  invalidateSession(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  invalidateUser(userId: string): void {
    for (const [sessionId, entry] of this.entries) {
      if (entry.value?.userId === userId) this.entries.delete(sessionId);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}
