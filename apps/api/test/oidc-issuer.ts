import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TestIssuer = {
  issuer: string;
  /** Signs a token with this issuer's published key; `claims` override the defaults (null removes one). */
  sign: (claims: Record<string, unknown>, options?: { key?: CryptoKey; kid?: string; alg?: string; typ?: string }) => Promise<string>;
  /** A key pair this issuer never published, for forged tokens. */
  foreignKey: CryptoKey;
  close: () => Promise<void>;
};

/**
 * A local OpenID issuer speaking the real protocol: a discovery document and a JWKS served over HTTP,
 * and tokens signed with jose. The API finds the keys through discovery exactly as with Okta.
 */
export const startTestIssuer = async (path = '/oauth2/default'): Promise<TestIssuer> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  const foreign = await generateKeyPair('RS256', { modulusLength: 2048 });
  const kid = 'test-key-1';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === `${path}/.well-known/openid-configuration`) {
      return send({ issuer, jwks_uri: `${issuer}/v1/keys`, authorization_endpoint: `${issuer}/v1/authorize`, token_endpoint: `${issuer}/v1/token` });
    }
    if (url.pathname === `${path}/v1/keys`) return send({ keys: [jwk] });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

  const sign: TestIssuer['sign'] = async (claims, options = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const merged: Record<string, unknown> = { iss: issuer, iat: now, exp: now + 300, ...claims };
    for (const [name, value] of Object.entries(merged)) if (value === null) delete merged[name];
    return new SignJWT(merged)
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? kid, ...(options.typ ? { typ: options.typ } : {}) })
      .sign(options.key ?? privateKey);
  };
  return {
    issuer,
    sign,
    foreignKey: foreign.privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
