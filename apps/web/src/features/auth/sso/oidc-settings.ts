import { SESSION_TIMING } from '@wattdesk/shared/constants';
import { SSO_CALLBACK_PATHS, type SsoProvider, type SsoProviderConfig } from '@wattdesk/shared/schemas/sso';
import { InMemoryWebStorage, UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';

/**
 * The DPoP proof for the token request. oidc-client-ts signs its own proofs with P-256 only, so ours
 * (RSA 2048, spec section 9) is handed over as an extra header of the one token request it belongs to.
 */
let pendingTokenProof = '';
export const setTokenRequestProof = (proof: string) => {
  pendingTokenProof = proof;
};
const takeTokenProof = () => {
  const proof = pendingTokenProof;
  pendingTokenProof = '';
  return proof;
};

/**
 * oidc-client-ts settings for one provider. Sign-in state (state, nonce, PKCE verifier) lives in this tab's
 * sessionStorage under the provider's own prefix, so a response can only be completed in the tab and for
 * the provider that started it; the provider's tokens are kept in memory only, until exchanged.
 */
export const userManagerSettings = (provider: SsoProvider, config: SsoProviderConfig, origin: string): UserManagerSettings => ({
  authority: config.issuer,
  client_id: config.clientId,
  scope: config.scope,
  redirect_uri: `${origin}${SSO_CALLBACK_PATHS[provider]}`,
  response_type: 'code',
  response_mode: 'query',
  stateStore: new WebStorageStateStore({ store: sessionStorage, prefix: `wattdesk.oidc.${provider}.` }),
  userStore: new WebStorageStateStore({ store: new InMemoryWebStorage(), prefix: `wattdesk.oidc.${provider}.` }),
  loadUserInfo: false,
  automaticSilentRenew: false,
  monitorSession: false,
  // Spec section 9, as this library names them.
  staleStateAgeInSeconds: SESSION_TIMING.transactionStorageLifetimeMs / 1000,
  accessTokenExpiringNotificationTimeInSeconds: SESSION_TIMING.expireEarlySeconds,
  popupWindowFeatures: { closePopupWindowAfterInSeconds: SESSION_TIMING.popupTimeoutMs / 1000 },
  extraHeaders: { DPoP: takeTokenProof },
});

export const createUserManager = (provider: SsoProvider, config: SsoProviderConfig) =>
  new UserManager(userManagerSettings(provider, config, window.location.origin));
