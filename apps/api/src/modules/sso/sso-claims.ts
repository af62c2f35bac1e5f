import { AppError } from '@wattdesk/shared';
import type { JWTPayload } from 'jose';
import { createHash } from 'node:crypto';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The verified e-mail of the token: `email`, or an e-mail-shaped `sub` (Okta's default access tokens). */
export const emailOf = (claims: JWTPayload): string => {
  if (claims.email_verified === false) throw new AppError('SSO_NO_EMAIL');
  const candidates = [claims.email, claims.preferred_username, claims.sub];
  const email = candidates.find((value): value is string => typeof value === 'string' && EMAIL.test(value));
  if (!email) throw new AppError('SSO_NO_EMAIL');
  return email.trim().toLowerCase();
};

export const stringClaim = (claims: JWTPayload, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** Group names from a claim that providers spell as a list or, sometimes, a single string. */
export const groupsOf = (claims: JWTPayload, claim: string): string[] => {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};

/** The nonce the browser sent is the SHA-256 of a secret only it kept; the exchange presents the secret. */
export const assertNonce = (claims: JWTPayload, nonceVerifier: string) => {
  const expected = createHash('sha256').update(nonceVerifier).digest('base64url');
  if (claims.nonce !== expected) throw new AppError('SSO_NONCE_MISMATCH');
};

/** A token for several audiences must name us as the party it was issued to (OIDC Core 3.1.3.7). */
export const assertAuthorizedParty = (claims: JWTPayload, clientId: string) => {
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length > 1 && claims.azp !== clientId) throw new AppError('SSO_TOKEN_WRONG_AUDIENCE');
  // Access tokens name the client they were issued to (Okta: cid; RFC 9068: client_id).
  const client = claims.cid ?? claims.client_id;
  if (client !== undefined && client !== clientId) throw new AppError('SSO_TOKEN_WRONG_AUDIENCE');
};

/** `cnf.jkt` of a DPoP-bound access token (RFC 9449), if it is bound. */
export const boundKeyThumbprint = (claims: JWTPayload): string | null => {
  const cnf = claims.cnf as { jkt?: unknown } | undefined;
  return typeof cnf?.jkt === 'string' ? cnf.jkt : null;
};
