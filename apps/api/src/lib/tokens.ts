import { createHash, randomBytes } from 'node:crypto';

/** An opaque, unguessable token for a link or a refresh token: 256 bits, URL-safe. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored as their SHA-256: a database leak does not hand out sessions or reset links. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
