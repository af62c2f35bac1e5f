import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESELLER_CONNECTED_PATH } from './reseller-account.service.ts';
import { authorizePage, errorPage, type AuthorizeRequest } from './sandbox-page.ts';
import { SANDBOX_CLIENT_ID, type StripeSandbox } from './stripe-sandbox.ts';

export type SandboxRoutesOptions = { sandbox: StripeSandbox; publicUrl: string; rateLimit: { max: number; timeWindow: number } };

const paramsSchema = z.object({
  client_id: z.string().max(200).optional(),
  state: z.string().max(2000).optional(),
  redirect_uri: z.string().max(2000).optional(),
  response_type: z.string().max(50).optional(),
  scope: z.string().max(50).optional(),
  decision: z.enum(['approve', 'deny']).optional(),
});
type SandboxParams = z.infer<typeof paramsSchema>;

/**
 * The sandbox's authorization page, registered only when no Stripe keys are configured. Like Stripe,
 * it sends the browser back only to the registered redirect address, with a code or an error.
 */
export const sandboxRoutes = async (app: FastifyInstance, { sandbox, publicUrl, rateLimit }: SandboxRoutesOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Both addresses registered with the platform, as in Stripe's Connect settings: a location's, and the reseller's own.
  const redirectUris = [`${publicUrl}/stripe/connected`, `${publicUrl}${RESELLER_CONNECTED_PATH}`];
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const check = (params: SandboxParams): AuthorizeRequest | string => {
    if (params.client_id !== SANDBOX_CLIENT_ID) return `Unknown application: ${params.client_id ?? 'none'}`;
    const redirectUri = redirectUris.find((uri) => uri === params.redirect_uri);
    if (!redirectUri) return `The redirect address must be ${redirectUris.join(' or ')}`;
    if (!params.state) return 'The request carries no state';
    return { clientId: params.client_id, state: params.state, redirectUri, scope: params.scope ?? 'read_write' };
  };
  const html = (reply: FastifyReply, status: number, render: (nonce: string) => string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(render(reply.usePageCsp()));

  r.get('/payments/sandbox/oauth/authorize', {
    config: { access: { public: true }, rateLimit },
    schema: { hide: true, querystring: paramsSchema },
    handler: async (request, reply) => {
      const checked = check(request.query);
      if (typeof checked === 'string') return html(reply, 400, (nonce) => errorPage(nonce, checked));
      if (request.query.response_type !== 'code') return html(reply, 400, (nonce) => errorPage(nonce, 'response_type must be code'));
      return html(reply, 200, (nonce) => authorizePage(nonce, checked));
    },
  });

  r.post('/payments/sandbox/oauth/authorize', {
    config: { access: { public: true }, rateLimit },
    schema: { hide: true, body: paramsSchema },
    handler: async (request, reply) => {
      const checked = check(request.body);
      if (typeof checked === 'string') return html(reply, 400, (nonce) => errorPage(nonce, checked));
      const target = new URL(checked.redirectUri);
      if (request.body.decision === 'approve') {
        target.searchParams.set('scope', checked.scope);
        target.searchParams.set('code', sandbox.issueCode(checked.clientId));
      } else {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'The user denied your request');
      }
      target.searchParams.set('state', checked.state);
      return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
    },
  });
};
