import { createHash, randomBytes } from 'node:crypto';

/** A new credentials token: 32 random bytes, base64url, printable and without whitespace as OCPI asks. */
export const newCredentialsToken = () => randomBytes(32).toString('base64url');

export const hashCredentialsToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The header value we send: 2.2.1 puts the token Base64 encoded after "Token ". */
export const authorizationHeaderOf = (token: string) => `Token ${Buffer.from(token, 'utf8').toString('base64')}`;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The credentials tokens an Authorization header may carry. 2.2.1 encodes the token in Base64; 2.1.1 peers and
 * many 2.2 implementations send it as is. Both readings are offered, and the stored hash decides which one is ours.
 */
export const tokensFromAuthorization = (header: string | undefined): string[] => {
  const match = /^Token\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return [];
  const raw = match[1]!;
  const readings = [raw];
  if (BASE64.test(raw) && raw.length % 4 === 0) {
    const decoded = Buffer.from(raw, 'base64').toString('utf8');
    if (decoded.length > 0 && /^[\x21-\x7e]+$/.test(decoded)) readings.unshift(decoded);
  }
  return readings;
};
