import { SSO_CALLBACK_PATHS, type SsoProvider } from '@wattdesk/shared';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Configuration, interactionPolicy as InteractionPolicy, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { SsoProviderSettings } from '../../../config.ts';
import { findDirectoryUser, type DirectoryUser } from './dev-directory.ts';
import { renderProviderError } from './dev-pages.ts';
import { createMemoryAdapter } from './memory-adapter.ts';

export type DevIssuer = {
  provider: SsoProvider;
  /** The provider, made by the first request to it: oidc-provider weighs tens of MiB of an idle server. */
  oidc: () => Promise<Provider>;
  /** Path of the issuer on this server, e.g. /oidc/workforce. */
  mountPath: string;
  /** The public half of the signing key: what the API checks this issuer's tokens against. */
  publicJwks: { keys: JWK[] };
};

export type DevIssuerOptions = {
  provider: SsoProvider;
  settings: SsoProviderSettings;
  publicUrl: string;
  trustProxy: boolean;
};

const claimsOf = (user: DirectoryUser) => ({
  sub: user.sub,
  email: user.email,
  email_verified: true,
  given_name: user.givenName,
  family_name: user.familyName,
  name: `${user.givenName} ${user.familyName}`,
  phone_number: user.phoneNumber,
  groups: user.groups,
});

/**
 * A remembered sign-in at the provider would otherwise answer for whoever typed a different e-mail on our
 * login page: the login prompt is asked again when the hinted user is not the one signed in here.
 */
const loginPolicy = (provider: SsoProvider, interactionPolicy: typeof InteractionPolicy) => {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check('login_hint_other_user', 'the hinted user is not the signed-in user', (ctx) => {
      const hint = ctx.oidc.params?.login_hint;
      const signedIn = ctx.oidc.session?.accountId;
      if (typeof hint !== 'string' || !signedIn) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      return findDirectoryUser(provider, hint)?.sub === signedIn ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );
  return policy;
};

/** Our own clients are first-party: the consent the user would be asked for is granted at once. */
const firstPartyGrant = (resourceAudience: string | undefined) => async (ctx: KoaContextWithOIDC) => {
  const client = ctx.oidc.client;
  const session = ctx.oidc.session;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  const requested = typeof ctx.oidc.params?.scope === 'string' ? ctx.oidc.params.scope : 'openid';
  grant.addOIDCScope(requested);
  if (resourceAudience) grant.addResourceScope(resourceAudience, 'openid profile email');
  await grant.save();
  return grant;
};

/** Customer admins get a JWT access token for the API audience, as Okta's authorization servers issue. */
const resourceIndicators = (audience: string): NonNullable<Configuration['features']>['resourceIndicators'] => ({
  enabled: true,
  defaultResource: () => audience,
  useGrantedResource: () => true,
  getResourceServerInfo: (_ctx, resource) => {
    if (resource !== audience) throw new Error(`unknown resource ${resource}`);
    return { scope: 'openid profile email', audience, accessTokenFormat: 'jwt', accessTokenTTL: 600, jwt: { sign: { alg: 'RS256' } } };
  },
});

/**
 * The built-in development OpenID provider (oidc-provider), one per sign-in route, mounted on this server
 * under /oidc/<route>. Authorization code flow with PKCE only, DPoP-bound tokens, RS256 signatures.
 */
export const createDevIssuer = async ({ provider, settings, publicUrl, trustProxy }: DevIssuerOptions): Promise<DevIssuer> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const kid = `dev-${provider}-${randomBytes(4).toString('hex')}`;
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const mountPath = new URL(settings.issuer).pathname.replace(/\/$/, '');
  const resourceAudience = provider === 'customer' ? settings.audience : undefined;

  const configuration: Configuration = {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: settings.clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}${SSO_CALLBACK_PATHS[provider]}`],
        post_logout_redirect_uris: [`${publicUrl}/`],
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'phone', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
      phone: ['phone_number'],
      groups: ['groups'],
    },
    // Put the scopes' claims (e-mail, groups) in the ID token itself, as Okta does with a groups claim.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: true },
      resourceIndicators: resourceAudience ? resourceIndicators(resourceAudience) : { enabled: false },
    },
    // RSA 2048 proofs (spec section 9's token-binding key) besides the defaults.
    enabledJWA: { dPoPSigningAlgValues: ['RS256', 'PS256', 'ES256', 'EdDSA'] },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 1800, Session: 1800, Grant: 1800 },
    loadExistingGrant: firstPartyGrant(resourceAudience),
    findAccount: async (_ctx, id) => {
      const user = findDirectoryUser(provider, id);
      return user ? { accountId: user.sub, claims: async () => claimsOf(user) } : undefined;
    },
    // Okta's access tokens name the user's e-mail; the API finds the customer admin by it.
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = findDirectoryUser(provider, token.accountId);
      return user ? { email: user.email } : undefined;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderProviderError(out);
    },
  };
  const start = async () => {
    const { default: OidcProvider, interactionPolicy } = await import('oidc-provider');
    const oidc = new OidcProvider(settings.issuer, {
      ...configuration,
      interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`, policy: loginPolicy(provider, interactionPolicy) },
    });
    oidc.proxy = trustProxy;
    return oidc;
  };
  let started: Promise<Provider> | undefined;
  return { provider, oidc: () => (started ??= start()), mountPath, publicJwks: { keys: [publicJwk] } };
};
