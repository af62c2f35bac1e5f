import { customerTokensExchangeBodySchema, tokensExchangeResponseSchema, workforceTokensExchangeBodySchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { clientOf } from '../../lib/request-auth.ts';
import type { RefreshCookie } from '../../lib/refresh-cookie.ts';
import type { SsoService } from './sso.service.ts';

export type SsoRoutesOptions = { sso: SsoService; refreshCookie: RefreshCookie; rateLimit: { max: number; timeWindow: number } };

export const CUSTOMER_EXCHANGE_PATH = '/tokens-exchange/okta-customer-admins-tokens';

const dpopHeaderSchema = z.object({ dpop: z.string().max(8192).optional() });

/** The token exchanges of the two single sign-on routes: the provider's token in, our own session out. */
export const ssoRoutes = async (app: FastifyInstance, { sso, refreshCookie, rateLimit }: SsoRoutesOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { public: true }, rateLimit } as const;

  r.post('/tokens-exchange/workforce-tokens', {
    config,
    schema: {
      tags: ['auth'],
      summary: 'Workforce single sign-on: exchange the provider’s ID token for a Wattdesk session',
      description:
        'The ID token must be signed by a key of the workforce issuer’s JWKS, name that issuer, have the client id as audience, ' +
        'be unexpired, and carry as nonce the base64url SHA-256 of `nonceVerifier`. Groups map to the user type ' +
        "('Super Admin Access' → SuperAdmin, 'Read Only Super Admin Access' → ReadonlySuperAdmin, else None, which is refused with 403). " +
        'The user row is created on first sign-in and its type updated on every sign-in.',
      body: workforceTokensExchangeBodySchema,
      response: { 200: tokensExchangeResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const session = await sso.exchangeWorkforce(request.body, clientOf(request));
      return refreshCookie.withCookie(request, reply, session, session.refreshToken);
    },
  });

  r.post(CUSTOMER_EXCHANGE_PATH, {
    config,
    schema: {
      tags: ['auth'],
      summary: 'Customer-admin single sign-on: exchange the provider’s access token for a Wattdesk session',
      description:
        'The access token (a JWT) must be signed by a key of the customer issuer’s JWKS, name that issuer, carry the configured API ' +
        'audience and be unexpired. A DPoP-bound token (cnf.jkt) needs a `DPoP` proof header for this call made with the bound key. ' +
        'The e-mail must belong to an active customer-admin account; otherwise 403 with a message.',
      body: customerTokensExchangeBodySchema,
      headers: dpopHeaderSchema,
      response: { 200: tokensExchangeResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const session = await sso.exchangeCustomer(
        { oktaAccessToken: request.body.oktaAccessToken, dpopProof: request.headers.dpop },
        clientOf(request),
      );
      return refreshCookie.withCookie(request, reply, session, session.refreshToken);
    },
  });
};
