import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { authenticateDirectoryUser } from './dev-directory.ts';
import type Provider from 'oidc-provider';
import type { DevIssuer } from './dev-provider.ts';
import { renderDevLoginPage } from './dev-pages.ts';

type LoginForm = { email?: string; password?: string };

/** What the provider's own answers (discovery, token, JWKS, redirects) carry; Fastify's hooks do not reach them. */
const PROVIDER_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

const loginPageCsp = (nonce: string) => `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

const sendLoginPage = (
  reply: FastifyReply,
  issuer: DevIssuer,
  details: { uid: string; params: Record<string, unknown> },
  input: { email: string; error?: string },
) => {
  const nonce = randomBytes(16).toString('base64');
  const base = `${issuer.mountPath}/interaction/${details.uid}`;
  return reply
    .code(input.error ? 401 : 200)
    .header('content-security-policy', loginPageCsp(nonce))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      renderDevLoginPage({
        nonce,
        provider: issuer.provider,
        clientId: typeof details.params.client_id === 'string' ? details.params.client_id : '',
        action: `${base}/login`,
        abortAction: `${base}/abort`,
        ...input,
      }),
    );
};

/** The login and cancel screens oidc-provider leaves to its host (its "interactions"). */
const interactionRoutes = (issuer: DevIssuer) => async (app: FastifyInstance) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get('/interaction/:uid', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const interaction = await (await issuer.oidc()).interactionDetails(request.raw, reply.raw);
    const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    return sendLoginPage(reply, issuer, interaction, { email: hint });
  });

  app.post('/interaction/:uid/login', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const interaction = await (await issuer.oidc()).interactionDetails(request.raw, reply.raw);
    const form = (request.body ?? {}) as LoginForm;
    const user = authenticateDirectoryUser(issuer.provider, form.email ?? '', form.password ?? '');
    if (!user) return sendLoginPage(reply, issuer, interaction, { email: form.email ?? '', error: 'The e-mail or password is incorrect' });
    const redirectTo = await (
      await issuer.oidc()
    ).interactionResult(request.raw, reply.raw, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
    return reply.redirect(redirectTo, 303);
  });

  app.post('/interaction/:uid/abort', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const result = { error: 'access_denied', error_description: 'The user cancelled the sign-in' };
    const redirectTo = await (await issuer.oidc()).interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    return reply.redirect(redirectTo, 303);
  });
};

/**
 * Everything else (discovery, authorize, token, JWKS, end session) is oidc-provider's own Koa app.
 * The body stays unread so the provider parses it; the path is handed over relative to the issuer,
 * with `originalUrl` telling it where it is mounted.
 */
const providerPassthrough = (issuer: DevIssuer) => async (app: FastifyInstance) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  let handle: ReturnType<Provider['callback']> | undefined;
  app.route({
    method: ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT'],
    url: '/*',
    config: { access: { public: true } },
    schema: { hide: true },
    handler: async (request, reply) => {
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(issuer.mountPath.length) || '/';
      for (const [name, value] of Object.entries(PROVIDER_HEADERS)) reply.raw.setHeader(name, value);
      handle ??= (await issuer.oidc()).callback();
      reply.hijack();
      await handle(raw, reply.raw);
    },
  });
};

/** Mounts one development issuer at its path on this server (same origin as the app, so the CSP holds). */
export const devProviderRoutes = async (app: FastifyInstance, { issuer }: { issuer: DevIssuer }) => {
  await app.register(interactionRoutes(issuer), { prefix: issuer.mountPath });
  await app.register(providerPassthrough(issuer), { prefix: issuer.mountPath });
};
