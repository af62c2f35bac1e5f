import { z } from 'zod';
import { signedInUserSchema } from './auth.ts';

/** The two single sign-on routes besides the password (spec section 1). */
export const SSO_PROVIDERS = ['workforce', 'customer'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** Where each provider sends the browser back (spec section 2). */
export const SSO_CALLBACK_PATHS: Record<SsoProvider, string> = {
  workforce: '/login/callback',
  customer: '/login/customers/callback',
};

/** What the browser needs to start a sign-in at one provider; nothing secret (public clients, PKCE). */
export const ssoProviderConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  scope: z.string(),
  /** True when the server's built-in development provider answers for this issuer. */
  isDevelopmentProvider: z.boolean(),
});
export type SsoProviderConfig = z.infer<typeof ssoProviderConfigSchema>;

export const ssoConfigSchema = z.object({
  workforce: ssoProviderConfigSchema.nullable(),
  customer: ssoProviderConfigSchema.nullable(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/** The sign-in page loads this file: schemaPatterns.tooLong's sentence is written out rather than imported. */
const tokenField = (name: string) =>
  z
    .string({ error: `${name} Field is required` })
    .trim()
    .min(1, { error: `${name} Field is required`, abort: true })
    .max(16_384, { error: `${name} is too long`, abort: true });

/**
 * Workforce exchange: the provider's ID token, and the secret whose SHA-256 (base64url) the browser sent as
 * the sign-in's nonce. Only the browser that started the sign-in knows it, so a copied ID token is useless.
 */
export const workforceTokensExchangeBodySchema = z.object({
  idToken: tokenField('idToken'),
  nonceVerifier: tokenField('nonceVerifier'),
});
export type WorkforceTokensExchangeBody = z.infer<typeof workforceTokensExchangeBodySchema>;

/** Customer-admin exchange (spec section 7): the provider's access token. */
export const customerTokensExchangeBodySchema = z.object({ oktaAccessToken: tokenField('oktaAccessToken') });
export type CustomerTokensExchangeBody = z.infer<typeof customerTokensExchangeBodySchema>;

/** Spec section 7's answer to the token exchange; the workforce exchange answers the same. */
export const tokensExchangeResponseSchema = signedInUserSchema.extend({ accessToken: z.string(), refreshToken: z.string() });
export type TokensExchangeResponse = z.infer<typeof tokensExchangeResponseSchema>;
