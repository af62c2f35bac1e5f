/**
 * Access tokens already verified, kept by the token itself until they expire. A signed-in browser sends the same
 * token with every request; checking it again (HMAC, JSON, claims), or hashing it for fast-jwt's own cache key
 * (about 10 µs of the API thread a request, 4 % of a location read on PostgreSQL), is work the answer waits for.
 * The key is the whole token, so two tokens never share an entry; an entry serves only until its token's `exp`
 * (inclusive, as fast-jwt judges it). Past `capacity`, the oldest entry goes.
 */
export class VerifiedTokens<Claims> {
  readonly #entries = new Map<string, { claims: Claims; expiresAtMs: number }>();

  constructor(
    private readonly capacity: number,
    // Looked up at each call rather than kept, so a test that fakes the date reaches this clock as it reaches the verifier's.
    private readonly nowMs: () => number = () => Date.now(),
  ) {}

  get(token: string): Claims | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (this.nowMs() > entry.expiresAtMs) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  /** `expiresAt`: the token's `exp` claim, in seconds. */
  remember(token: string, claims: Claims, expiresAt: number): void {
    if (this.#entries.size >= this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, { claims, expiresAtMs: expiresAt * 1000 });
  }
}
