import { AppError } from '@wattdesk/shared';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Asymmetric algorithms only: a token "signed" with HS256 and the public key, or `none`, is refused. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export type KeySource = { kind: 'local'; jwks: { keys: JWK[] } } | { kind: 'discovery' };

export type IssuerVerifierOptions = {
  issuer: string;
  audience: string;
  keys: KeySource;
  /** For tests: the clock the expiry is checked against. */
  now?: () => Date;
  fetchTimeoutMs?: number;
};

const unavailable = (cause: unknown) => {
  const error = new AppError('SSO_PROVIDER_UNAVAILABLE');
  error.cause = cause;
  return error;
};

/** Reads the issuer's discovery document once: it names the JWKS address and must name the same issuer. */
const discoverJwks = async (issuer: string, timeoutMs: number): Promise<JWTVerifyGetKey> => {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let metadata: { issuer?: unknown; jwks_uri?: unknown };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    metadata = (await response.json()) as typeof metadata;
  } catch (cause) {
    throw unavailable(cause);
  }
  if (metadata.issuer !== issuer || typeof metadata.jwks_uri !== 'string') {
    throw unavailable(new Error(`the discovery document of ${issuer} names the issuer ${String(metadata.issuer)}`));
  }
  return createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: timeoutMs, cooldownDuration: 30_000 });
};

/** jose's refusal → the coded error the client reads; anything about reaching the provider is a 503. */
const toAppError = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  if (error instanceof errors.JWTExpired) return new AppError('SSO_TOKEN_EXPIRED');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new AppError('SSO_TOKEN_WRONG_AUDIENCE');
    if (error.claim === 'iss') return new AppError('SSO_TOKEN_WRONG_ISSUER');
    return new AppError('SSO_TOKEN_INVALID');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return new AppError('SSO_TOKEN_BAD_SIGNATURE');
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return new AppError('SSO_PROVIDER_UNAVAILABLE');
  if (error instanceof errors.JOSEError) return new AppError('SSO_TOKEN_INVALID');
  if (error instanceof TypeError || (error instanceof Error && error.name === 'AbortError')) return new AppError('SSO_PROVIDER_UNAVAILABLE');
  return new AppError('SSO_TOKEN_INVALID');
};

/**
 * Verifies a token of one issuer: signature against the issuer's JWKS (from discovery, or the built-in
 * provider's own key set), issuer, audience and expiry. What else a token must say is the caller's rule.
 */
export const createIssuerVerifier = (options: IssuerVerifierOptions) => {
  const timeoutMs = options.fetchTimeoutMs ?? 5000;
  let keys: Promise<JWTVerifyGetKey> | null = null;
  const keySet = () => {
    if (options.keys.kind === 'local') return Promise.resolve(createLocalJWKSet(options.keys.jwks));
    keys ??= discoverJwks(options.issuer, timeoutMs).catch((error: unknown) => {
      keys = null; // the provider may be back on the next sign-in
      throw error;
    });
    return keys;
  };

  return async (token: string): Promise<JWTPayload> => {
    try {
      // A token of another provider is named as such (mix-up), before any key of ours is looked for.
      if (decodeJwt(token).iss !== options.issuer) throw new AppError('SSO_TOKEN_WRONG_ISSUER');
      const getKey = await keySet();
      const { payload } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'aud', 'iss', 'sub'],
        ...(options.now ? { currentDate: options.now() } : {}),
      });
      return payload;
    } catch (error) {
      throw toAppError(error);
    }
  };
};

export type IssuerVerifier = ReturnType<typeof createIssuerVerifier>;
