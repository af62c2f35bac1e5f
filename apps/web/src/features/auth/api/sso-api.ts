import type { TokensExchangeResponse, WorkforceTokensExchangeBody } from '@wattdesk/shared/schemas/sso';
import { api } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session-store.ts';

export const CUSTOMER_EXCHANGE_PATH = '/tokens-exchange/okta-customer-admins-tokens';

export const exchangeWorkforceTokens = (body: WorkforceTokensExchangeBody) =>
  api.post<TokensExchangeResponse>('/tokens-exchange/workforce-tokens', body, { authenticated: false });

/** Spec section 7; a DPoP-bound provider token travels with a proof of the browser's key. */
export const exchangeCustomerTokens = (oktaAccessToken: string, dpopProof: string | undefined) =>
  api.post<TokensExchangeResponse>(
    CUSTOMER_EXCHANGE_PATH,
    { oktaAccessToken },
    { authenticated: false, ...(dpopProof ? { headers: { DPoP: dpopProof } } : {}) },
  );

/**
 * The exchange answers in the spec's camelCase; the session store keeps the login answer's shape. The
 * refresh token is left out: the exchange set it in the HttpOnly cookie.
 */
export const toSessionUser = ({ accessToken, refreshToken: _inCookie, ...user }: TokensExchangeResponse): StoredSession => ({
  access_token: accessToken,
  ...user,
});
