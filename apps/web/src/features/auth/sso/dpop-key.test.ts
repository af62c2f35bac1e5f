import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createDpopKey, dpopProof, providerAcceptsDpop, sha256Base64url } from './dpop-key.ts';

describe('DPoP token binding (spec section 9: RSA 2048)', () => {
  it('makes a non-exportable RSA 2048 key and RFC 9449 proofs signed with it', async () => {
    const key = await createDpopKey();
    expect(key.privateKey.algorithm).toMatchObject({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048 });
    expect(key.privateKey.extractable).toBe(false);
    const proof = await dpopProof(key, 'POST', 'https://wattdesk.example/web/x', 'the-access-token');
    const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt' });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', jwk: { kty: 'RSA' } });
    expect(Object.keys(protectedHeader.jwk!).sort()).toEqual(['e', 'kty', 'n']);
    expect(payload).toMatchObject({ htm: 'POST', htu: 'https://wattdesk.example/web/x', ath: await sha256Base64url('the-access-token') });
    expect(await calculateJwkThumbprint(protectedHeader.jwk!)).toMatch(/^[\w-]{43}$/);
  });

  it('binds only where the provider announces RSA proofs', () => {
    expect(providerAcceptsDpop({ dpop_signing_alg_values_supported: ['ES256', 'RS256'] })).toBe(true);
    expect(providerAcceptsDpop({ dpop_signing_alg_values_supported: ['ES256'] })).toBe(false);
    expect(providerAcceptsDpop({})).toBe(false);
  });
});
