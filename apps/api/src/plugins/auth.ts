import fastifyJwt from '@fastify/jwt';
import { AppError, isAdminType, reachesAllLocations, userTypeSchema, type UserType } from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccessCache, type SessionAccess } from '../lib/access-cache.ts';
import type { AuthContext } from '../lib/fastify-types.ts';
import { isUuid } from '../lib/uuid.ts';
import { VerifiedTokens } from '../lib/verified-tokens.ts';

export type AccessTokenClaims = { sub: string; sid: string; typ: UserType };

/** How many checked tokens are kept at once: as many as the verifier's own cache held before. */
const VERIFIED_TOKENS_KEPT = 10_000;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    accessCache: AccessCache;
    signAccessToken: (claims: AccessTokenClaims) => string;
    /** Synchronous when the session's access is cached, which is nearly always: no promise per request. */
    authenticate: (request: FastifyRequest) => AuthContext | Promise<AuthContext>;
  }
}

export type AuthPluginOptions = {
  secret: string;
  accessTokenTtlSeconds: number;
  accessCacheTtlMs: number;
  issuer: string;
  loadSessionAccess: (sessionId: string) => Promise<SessionAccess | null>;
};

const AUDIENCE = 'wattdesk-web';

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

/**
 * Access tokens are short-lived HS256 JWTs naming the user, the sign-in (session) and the user type.
 * Each request re-checks the session and the account through a short cache, so logout and deactivation
 * take effect without waiting for the token to expire.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { expiresIn: options.accessTokenTtlSeconds, iss: options.issuer, aud: AUDIENCE, algorithm: 'HS256' },
    // Checked tokens are kept below (VerifiedTokens), not in the verifier's cache, which hashes every token it looks up.
    // Every claim we rely on must be there: a token without exp would never expire, one without aud could be
    // a token of another of our purposes.
    verify: {
      allowedIss: options.issuer,
      allowedAud: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'aud', 'iss', 'sub', 'sid', 'typ'],
    },
  });
  app.decorate('accessCache', new AccessCache(options.accessCacheTtlMs, options.loadSessionAccess));
  app.decorate('signAccessToken', (claims: AccessTokenClaims) => app.jwt.sign(claims));
  app.decorateRequest('auth', null);

  const verifiedTokens = new VerifiedTokens<AccessTokenClaims>(VERIFIED_TOKENS_KEPT);
  const verifiedClaims = (request: FastifyRequest): AccessTokenClaims => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const known = verifiedTokens.get(token);
    if (known) return known;
    let claims: AccessTokenClaims & { exp: number };
    try {
      claims = app.jwt.verify<AccessTokenClaims & { exp: number }>(token);
    } catch {
      throw new AppError('UNAUTHENTICATED');
    }
    // A token we signed always names a session id; anything else (another purpose's token, a forged
    // claim signed with a leaked secret) must not reach the uuid column and fail there as a 500.
    if (!userTypeSchema.safeParse(claims.typ).success || !isUuid(claims.sid) || !isUuid(claims.sub)) throw new AppError('UNAUTHENTICATED');
    verifiedTokens.remember(token, claims, claims.exp);
    return claims;
  };

  app.decorate('authenticate', (request: FastifyRequest): AuthContext | Promise<AuthContext> => {
    const claims = verifiedClaims(request);
    const cached = app.accessCache.peek(claims.sid);
    if (cached !== undefined) return authorise(request, claims, cached);
    return app.accessCache.get(claims.sid).then((access) => authorise(request, claims, access));
  });

  const authorise = (request: FastifyRequest, claims: AccessTokenClaims, access: SessionAccess | null): AuthContext => {
    if (!access || access.sessionRevoked || access.userId !== claims.sub) throw new AppError('UNAUTHENTICATED');
    if (access.status !== 'ACTIVE') throw new AppError('UNAUTHENTICATED');
    // Only administrators get dashboard sessions; a session of any other type is refused outright.
    if (!isAdminType(access.userType)) throw new AppError('UNAUTHENTICATED');
    const auth: AuthContext = {
      userId: access.userId,
      sessionId: claims.sid,
      email: access.email,
      // The account's current type wins over the one in the token: a demotion applies at once.
      userType: access.userType,
      locationIds: reachesAllLocations(access.userType) ? 'all' : new Set(access.locationIds),
    };
    request.auth = auth;
    return auth;
  };
});
