import { SESSION_TIMING } from '@wattdesk/shared/constants';
import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/** Spec section 9's token-binding key: RSA 2048, signing RS256 (RSASSA-PKCS1-v1_5). */
export const DPOP_ALGORITHM = 'RS256';

export type DpopKey = { privateKey: CryptoKey; publicKey: CryptoKey };

/** The private half cannot be exported: script on the page can use it, but not copy it elsewhere. */
export const createDpopKey = (): Promise<DpopKey> =>
  generateKeyPair(DPOP_ALGORITHM, { modulusLength: SESSION_TIMING.tokenBindingKey.modulusLength, extractable: false });

const sha256 = async (text: string) => base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));

/** An RFC 9449 proof for one request: method, address, time, a fresh id, and the token it accompanies. */
export const dpopProof = async (key: DpopKey, method: string, url: string, accessToken?: string): Promise<string> => {
  const { kty, n, e } = await exportJWK(key.publicKey);
  return new SignJWT({
    htm: method,
    htu: url,
    jti: crypto.randomUUID(),
    iat: Math.floor(Date.now() / 1000),
    ...(accessToken ? { ath: await sha256(accessToken) } : {}),
  })
    .setProtectedHeader({ alg: DPOP_ALGORITHM, typ: 'dpop+jwt', jwk: { kty, n, e } })
    .sign(key.privateKey);
};

/** The provider accepts RSA proofs (its discovery document says so); otherwise tokens stay unbound. */
export const providerAcceptsDpop = (metadata: object): boolean => {
  const algorithms = (metadata as { dpop_signing_alg_values_supported?: unknown }).dpop_signing_alg_values_supported;
  return Array.isArray(algorithms) && algorithms.includes(DPOP_ALGORITHM);
};

export { sha256 as sha256Base64url };
