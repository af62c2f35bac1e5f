import type { RefreshTokenBody, RefreshTokenResponse } from '@wattdesk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientOf, type ClientInfo } from './request-auth.ts';

/** The auth service's refresh (modules/auth/session-refresh.ts). */
type Refresh = (body: RefreshTokenBody, client: ClientInfo) => Promise<RefreshTokenResponse & { refresh_token: string }>;

/**
 * The web app's refresh token travels in a cookie script cannot read (issue 39): an injected script can no
 * longer copy it out of storage. API clients still get it in the JSON answer (spec section 7).
 */
export const REFRESH_COOKIE = 'wattdesk_refresh';
/** The browser sends it to the refresh call only; logout clears it with a header, which needs no cookie sent. */
export const REFRESH_COOKIE_PATH = '/web/users/refresh-token';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Secure everywhere but plain-http local development, where a Secure cookie would never come back and the
 * web app could not refresh. `request.protocol` honours TRUST_PROXY, so a TLS proxy in front still counts as https.
 */
const isSecure = (request: FastifyRequest): boolean => request.protocol !== 'http' || !LOCAL_HOSTS.has(request.hostname);

const attributes = (request: FastifyRequest) =>
  ({ httpOnly: true, secure: isSecure(request), sameSite: 'strict', path: REFRESH_COOKIE_PATH }) as const;

export type RefreshCookie = {
  /** Sets the cookie to a just-issued refresh token and answers `answer` unchanged. */
  withCookie: <T>(request: FastifyRequest, reply: FastifyReply, answer: T, refreshToken: string | undefined) => T;
  /** POST /users/refresh-token: the body's token, else the cookie's; the cookie is rotated either way. */
  refresh: (request: FastifyRequest<{ Body: RefreshTokenBody }>, reply: FastifyReply) => Promise<RefreshTokenResponse>;
  clear: (request: FastifyRequest, reply: FastifyReply) => void;
};

/** `maxAgeSeconds`: a sign-in's absolute lifetime; the server ends it earlier when its rules say so. */
export const createRefreshCookie = (auth: { refresh: Refresh }, maxAgeSeconds: number): RefreshCookie => {
  const withCookie: RefreshCookie['withCookie'] = (request, reply, answer, refreshToken) => {
    if (refreshToken) reply.setCookie(REFRESH_COOKIE, refreshToken, { ...attributes(request), maxAge: maxAgeSeconds });
    return answer;
  };
  return {
    withCookie,
    refresh: async (request, reply) => {
      const fromCookie = request.body.token ? undefined : request.cookies[REFRESH_COOKIE];
      const tokens = await auth.refresh({ ...request.body, token: request.body.token ?? fromCookie }, clientOf(request));
      withCookie(request, reply, tokens, tokens.refresh_token);
      // Refreshed by cookie: the new token stays in the cookie, out of reach of the page's script.
      return fromCookie ? { access_token: tokens.access_token } : tokens;
    },
    clear: (request, reply) => {
      reply.clearCookie(REFRESH_COOKIE, attributes(request));
    },
  };
};
