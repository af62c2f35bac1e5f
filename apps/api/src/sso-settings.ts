import type { Env } from './env-schema.ts';

export type SsoProviderSettings = {
  issuer: string;
  clientId: string;
  scope: string;
  /** The `aud` the provider's token must carry: the client id (ID token) or the API audience (access token). */
  audience: string;
  /** The built-in development provider answers for this issuer (no issuer was configured). */
  isDevelopmentProvider: boolean;
};

export type SsoSettings = {
  /** Null: no issuer configured and the development provider is off (production). */
  workforce: (SsoProviderSettings & { groupsClaim: string }) | null;
  customer: SsoProviderSettings | null;
  /** E-mail domains whose users sign in with the workforce provider, whether or not they have a row yet. */
  workforceDomains: string[];
};

/** Path of the built-in development provider's issuers on this server. */
export const DEV_ISSUER_PATHS = { workforce: '/oidc/workforce', customer: '/oidc/customer' } as const;

/** The demo directory's workforce domain: its users route to the workforce provider without a row. */
const DEV_WORKFORCE_DOMAIN = 'example.org';

/**
 * Each route uses its configured issuer; without one, the built-in development provider serves it,
 * unless that is switched off (OIDC_DEV_PROVIDER=false, or NODE_ENV=production without the flag).
 */
export const ssoSettings = (env: Env, publicUrl: string): SsoSettings => {
  const devEnabled = env.OIDC_DEV_PROVIDER ?? env.NODE_ENV !== 'production';
  // Configured issuers are kept exactly as given: the tokens' `iss` must match them character for character.
  const issuerOf = (configured: string | undefined, provider: keyof typeof DEV_ISSUER_PATHS) =>
    configured ?? (devEnabled ? `${publicUrl}${DEV_ISSUER_PATHS[provider]}` : undefined);
  const workforceIssuer = issuerOf(env.OIDC_WORKFORCE_ISSUER, 'workforce');
  const customerIssuer = issuerOf(env.OIDC_CUSTOMER_ISSUER, 'customer');
  const domains = env.OIDC_WORKFORCE_DOMAINS ?? (workforceIssuer && !env.OIDC_WORKFORCE_ISSUER ? DEV_WORKFORCE_DOMAIN : '');
  return {
    workforce: workforceIssuer
      ? {
          issuer: workforceIssuer,
          clientId: env.OIDC_WORKFORCE_CLIENT_ID,
          scope: env.OIDC_WORKFORCE_SCOPES,
          audience: env.OIDC_WORKFORCE_CLIENT_ID,
          isDevelopmentProvider: !env.OIDC_WORKFORCE_ISSUER,
          groupsClaim: env.OIDC_WORKFORCE_GROUPS_CLAIM,
        }
      : null,
    customer: customerIssuer
      ? {
          issuer: customerIssuer,
          clientId: env.OIDC_CUSTOMER_CLIENT_ID,
          scope: env.OIDC_CUSTOMER_SCOPES,
          audience: env.OIDC_CUSTOMER_AUDIENCE,
          isDevelopmentProvider: !env.OIDC_CUSTOMER_ISSUER,
        }
      : null,
    workforceDomains: domains
      .split(',')
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
  };
};
