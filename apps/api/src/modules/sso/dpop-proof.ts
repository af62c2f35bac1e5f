import { AppError } from '@wattdesk/shared';
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from 'jose';
import { createHash } from 'node:crypto';

/** A proof is good for this long after it was made (and this much clock difference is forgiven). */
const PROOF_MAX_AGE_SECONDS = 120;
const PROOF_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

export type DpopCheck = {
  proof: string | undefined;
  accessToken: string;
  /** The access token's `cnf.jkt`: the thumbprint of the key it is bound to. */
  jkt: string;
  method: string;
  /** The address the browser called, without query: the proof's `htu`. */
  url: string;
  now: Date;
};

const refuse = (reason: string): never => {
  const error = new AppError('SSO_DPOP_INVALID');
  error.cause = new Error(reason);
  throw error;
};

/**
 * Proofs already used, until they are too old to be accepted anyway. Per API node: a proof replayed to
 * another node within two minutes is not caught (docs/sso.md).
 */
export class SeenProofs {
  private readonly seen = new Map<string, number>();
  constructor(private readonly ttlMs = PROOF_MAX_AGE_SECONDS * 2000) {}

  /** False if the proof id was seen before. */
  remember(jti: string, nowMs: number): boolean {
    for (const [id, expiresAt] of this.seen) if (expiresAt <= nowMs) this.seen.delete(id);
    if (this.seen.has(jti)) return false;
    this.seen.set(jti, nowMs + this.ttlMs);
    return true;
  }
}

/**
 * RFC 9449 proof of possession for a DPoP-bound access token presented to our exchange: signed by the key
 * the token is bound to, for this method and address, for this very token, fresh and used once.
 */
export const verifyDpopProof = async (check: DpopCheck, seen: SeenProofs): Promise<void> => {
  if (!check.proof) return refuse('no DPoP proof for a DPoP-bound token');
  let verified: Awaited<ReturnType<typeof jwtVerify>>;
  try {
    verified = await jwtVerify(check.proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: PROOF_ALGORITHMS,
      maxTokenAge: PROOF_MAX_AGE_SECONDS,
      clockTolerance: PROOF_MAX_AGE_SECONDS,
      currentDate: check.now,
      requiredClaims: ['iat', 'jti', 'htm', 'htu'],
    });
  } catch (error) {
    return refuse(`DPoP proof rejected: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { payload, protectedHeader } = verified;
  if (!protectedHeader.jwk || (await calculateJwkThumbprint(protectedHeader.jwk, 'sha256')) !== check.jkt) {
    return refuse('DPoP proof signed by another key than the token is bound to');
  }
  if (payload.htm !== check.method) return refuse('DPoP proof for another method');
  if (typeof payload.htu !== 'string' || payload.htu.split(/[?#]/)[0] !== check.url) return refuse('DPoP proof for another address');
  const ath = createHash('sha256').update(check.accessToken).digest('base64url');
  if (payload.ath !== ath) return refuse('DPoP proof for another access token');
  if (!seen.remember(String(payload.jti), check.now.getTime())) return refuse('DPoP proof replayed');
};
