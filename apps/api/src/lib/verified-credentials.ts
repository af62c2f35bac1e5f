import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Checks a presented password against a stored hash the slow way (argon2id). */
export type SlowVerify = (storedHash: string, password: string) => Promise<boolean>;

/**
 * Remembers which (charger, stored hash, password) triples argon2 already accepted, so a charger that
 * reconnects (a network blip, a load balancer's restart) is checked with one HMAC instead of another argon2
 * run (decision 012). What is remembered is HMAC-SHA256 under a random key that lives only in this process:
 * neither the password nor anything that can be checked offline is kept, and nothing outlives a restart.
 *
 * The stored hash is part of the HMAC and is read from the database on every handshake, so a password reset
 * (a new hash, new salt) or a deleted charger takes effect at once on every node without any message between
 * them. A wrong password always takes the slow path and never evicts what is remembered.
 */
export const createVerifiedCredentials = (slowVerify: SlowVerify, maxEntries = 200_000) => {
  const key = randomBytes(32);
  const entries = new Map<string, Buffer>();
  let hits = 0;
  let misses = 0;
  const digest = (storedHash: string, password: string) =>
    createHmac('sha256', key).update(storedHash).update('\0').update(password, 'utf8').digest();

  return {
    verify: async (chargerCode: string, storedHash: string, password: string): Promise<boolean> => {
      const presented = digest(storedHash, password);
      const known = entries.get(chargerCode);
      if (known && timingSafeEqual(known, presented)) {
        hits += 1;
        return true;
      }
      misses += 1;
      if (!(await slowVerify(storedHash, password))) return false;
      if (!known && entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(chargerCode, presented);
      return true;
    },
    /** Remembered chargers, and handshakes answered from memory / with argon2 since start. */
    stats: () => ({ size: entries.size, hits, misses }),
  };
};

export type VerifiedCredentials = ReturnType<typeof createVerifiedCredentials>;
