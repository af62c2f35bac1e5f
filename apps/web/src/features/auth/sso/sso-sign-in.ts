import type { SsoProvider, SsoProviderConfig } from '@wattdesk/shared/schemas/sso';
import type { UserManager } from 'oidc-client-ts';
import { CUSTOMER_EXCHANGE_PATH, exchangeCustomerTokens, exchangeWorkforceTokens, toSessionUser } from '../api/sso-api.ts';
import { createDpopKey, dpopProof, providerAcceptsDpop, sha256Base64url } from './dpop-key.ts';
import { createUserManager, setTokenRequestProof } from './oidc-settings.ts';
import type { StoredSession } from '../../../lib/session-store.ts';
import { SignInError } from './sign-in-error.ts';

/** What the sign-in keeps with its state until the provider sends the browser back. */
type SignInState = { provider: SsoProvider; nonceVerifier: string };

const randomSecret = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

const loadMetadata = async (manager: UserManager) => {
  try {
    return await manager.metadataService.getMetadata();
  } catch (cause) {
    throw new SignInError('unreachable', cause instanceof Error ? cause.message : String(cause));
  }
};

/**
 * Sends the browser to the provider: authorization code flow with PKCE, state and nonce (oidc-client-ts).
 * The nonce is the SHA-256 of a secret kept with the state; the API wants the secret, so an ID token
 * copied out of this browser cannot be exchanged elsewhere.
 */
export const beginSignIn = async (provider: SsoProvider, config: SsoProviderConfig, email: string): Promise<void> => {
  const manager = createUserManager(provider, config);
  await loadMetadata(manager);
  const nonceVerifier = randomSecret();
  const state: SignInState = { provider, nonceVerifier };
  await manager.signinRedirect({ state, nonce: await sha256Base64url(nonceVerifier), login_hint: email });
};

/**
 * Mix-up defence (RFC 9207): the answer names the issuer that sent it; one from the other provider is
 * refused before its code is used. A provider that announces the parameter must send it.
 */
const assertIssuer = (url: URL, metadata: { issuer?: string; authorization_response_iss_parameter_supported?: boolean }) => {
  const iss = url.searchParams.get('iss');
  if (iss === null && !metadata.authorization_response_iss_parameter_supported) return;
  if (iss !== metadata.issuer) throw new SignInError('mix-up', `answer from ${iss ?? 'an unnamed issuer'}, expected ${metadata.issuer}`);
};

const exchange = async (
  provider: SsoProvider,
  tokens: { id_token?: string; access_token: string; token_type: string },
  state: SignInState,
  key: Awaited<ReturnType<typeof createDpopKey>> | null,
) => {
  if (provider === 'workforce') {
    return exchangeWorkforceTokens({ idToken: tokens.id_token ?? '', nonceVerifier: state.nonceVerifier });
  }
  const isBound = key !== null && tokens.token_type.toLowerCase() === 'dpop';
  const proof = isBound ? await dpopProof(key, 'POST', `${window.location.origin}/web${CUSTOMER_EXCHANGE_PATH}`, tokens.access_token) : undefined;
  return exchangeCustomerTokens(tokens.access_token, proof);
};

/** Completes the sign-in the provider sent the browser back with, and exchanges it for our own session. */
export const completeSignIn = async (provider: SsoProvider, config: SsoProviderConfig, href: string): Promise<StoredSession> => {
  const url = new URL(href);
  if (!url.searchParams.has('code') && !url.searchParams.has('error')) throw new SignInError('missing-code');
  const manager = createUserManager(provider, config);
  // Spec section 9: a sign-in transaction lives 30 minutes. The library only purges old ones when the next
  // sign-in starts, so an answer arriving later would still match; purged first, it does not.
  await manager.clearStaleState();
  const metadata = await loadMetadata(manager);
  assertIssuer(url, metadata);
  // Spec section 9: tokens are bound to an RSA 2048 key made for this sign-in, where the provider can.
  const key = providerAcceptsDpop(metadata) && metadata.token_endpoint ? await createDpopKey() : null;
  if (key && metadata.token_endpoint) setTokenRequestProof(await dpopProof(key, 'POST', metadata.token_endpoint));
  const user = await manager.signinRedirectCallback(href);
  await manager.removeUser();
  const state = user.state as Partial<SignInState> | undefined;
  if (state?.provider !== provider || !state.nonceVerifier) throw new SignInError('state-mismatch', 'the sign-in state belongs to another provider');
  return toSessionUser(await exchange(provider, user, state as SignInState, key));
};
