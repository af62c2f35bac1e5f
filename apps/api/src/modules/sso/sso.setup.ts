import { SSO_PROVIDERS, type SsoProvider } from '@wattdesk/shared';
import type { AppConfig } from '../../config.ts';
import { createDevIssuer, type DevIssuer } from './dev-provider/dev-provider.ts';
import { createIssuerVerifier, type IssuerVerifier } from './token-verifier.ts';

export type SsoSetup = {
  devIssuers: DevIssuer[];
  verifiers: Partial<Record<SsoProvider, IssuerVerifier>>;
  /** Origins of configured (external) issuers the browser calls: discovery, token endpoint, JWKS. */
  connectSources: string[];
};

/**
 * One verifier per sign-in route. A configured issuer is found by discovery and checked against its JWKS;
 * without one, the built-in development provider runs here and its own public keys are used.
 */
export const setUpSso = async (config: AppConfig, now: () => Date): Promise<SsoSetup> => {
  const devIssuers: DevIssuer[] = [];
  const verifiers: SsoSetup['verifiers'] = {};
  const connectSources = new Set<string>();
  for (const provider of SSO_PROVIDERS) {
    const settings = config.sso[provider];
    if (!settings) continue;
    if (settings.isDevelopmentProvider) {
      const issuer = await createDevIssuer({ provider, settings, publicUrl: config.publicUrl, trustProxy: config.trustProxy !== false });
      devIssuers.push(issuer);
      verifiers[provider] = createIssuerVerifier({ ...settings, keys: { kind: 'local', jwks: issuer.publicJwks }, now });
    } else {
      verifiers[provider] = createIssuerVerifier({ ...settings, keys: { kind: 'discovery' }, now });
      connectSources.add(new URL(settings.issuer).origin);
    }
  }
  return { devIssuers, verifiers, connectSources: [...connectSources] };
};
