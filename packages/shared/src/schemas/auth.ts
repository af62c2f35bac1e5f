import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { LOCALES } from '../i18n/locales.ts';
import { USER_TYPES } from '../roles.ts';
import { EMAIL_PATTERN, meetsPasswordRule } from '../validation.ts';

/**
 * Blank answers only "required", not also "invalid": later checks are skipped once it fails. The length sentence is
 * schemaPatterns.atMostCharacters', written out: schema-messages.ts is not in the sign-in page's JavaScript.
 */
const requiredString = (message: string, max = 320) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Must be at most ${max} characters`, abort: true });

export const emailSchema = requiredString(m.loginEmailRequired).regex(EMAIL_PATTERN, m.loginEmailInvalid);

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: m.loginPasswordRequired }).min(1, m.loginPasswordRequired).max(1024),
  deviceId: z.string().trim().max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const userTypeSchema = z.enum(USER_TYPES);

/** Who signed in: shared by the login answer and the single sign-on exchanges (spec section 7). */
export const signedInUserSchema = z.object({
  userId: z.string(),
  userType: userTypeSchema,
  locations: z.array(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** The language the user chose (issue 44); null: none yet. Absent in a session stored by an older version. */
  language: z.enum(LOCALES).nullable().optional(),
});

export const sessionUserSchema = signedInUserSchema.extend({ access_token: z.string(), refresh_token: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * `token`: the refresh token; the web app sends none and its HttpOnly cookie is used instead. `deviceId`: if
 * sent, it must be the id sent at sign-in (decision 018).
 */
export const refreshTokenBodySchema = z.object({
  token: requiredString('Refresh token is required', 200).optional(),
  deviceId: z.string().trim().max(200).optional(),
});
export type RefreshTokenBody = z.infer<typeof refreshTokenBodySchema>;
/** Refreshed by cookie, the answer carries no refresh token: the new one is in the cookie only. */
export const refreshTokenResponseSchema = z.object({ access_token: z.string(), refresh_token: z.string().optional() });
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

export const forgotPasswordBodySchema = z.object({
  email: requiredString(m.forgotEmailRequired).regex(EMAIL_PATTERN, m.forgotEmailInvalid),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** After a correct password, an account with a second factor is asked for a code instead of getting tokens. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  /** Short-lived proof of the password step; sent back with the code. */
  challenge: z.string(),
  /** The account must set up an authenticator app before it may sign in (MFA_REQUIRED_FOR). */
  enrollmentRequired: z.boolean(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** POST /users/login answers the spec's session user, or the code step. */
export const loginResponseSchema = z.union([sessionUserSchema, mfaChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const isMfaChallenge = (answer: LoginResponse): answer is MfaChallenge => 'mfaRequired' in answer;

export const mfaCodeMessages = { required: 'Enter the code from your authenticator app or a recovery code' } as const;
const mfaCode = z.string({ error: mfaCodeMessages.required }).trim().min(1, { error: mfaCodeMessages.required, abort: true }).max(32);

export const mfaLoginBodySchema = z.object({
  challenge: requiredString('This sign-in step has expired. Please sign in again', 2000),
  code: mfaCode,
});
export type MfaLoginBody = z.infer<typeof mfaLoginBodySchema>;
export const mfaLoginSetupBodySchema = z.object({ challenge: requiredString('This sign-in step has expired. Please sign in again', 2000) });

/** The session user, with the recovery codes when this sign-in also completed the set-up of a second factor. */
export const mfaLoginResponseSchema = sessionUserSchema.extend({ recoveryCodes: z.array(z.string()).optional() });
export type MfaLoginResponse = z.infer<typeof mfaLoginResponseSchema>;

export const resetPasswordBodySchema = z.object({
  token: requiredString('Token not found! Please try again', 200),
  password: z.string({ error: m.newPasswordRequired }).min(1, m.newPasswordRequired).max(1024).refine(meetsPasswordRule, m.passwordRule),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const AUTHENTICATION_METHODS = ['password', 'workforce-sso', 'customer-sso'] as const;
export type AuthenticationMethod = (typeof AUTHENTICATION_METHODS)[number];

export const authenticationMethodBodySchema = z.object({ userEmail: emailSchema });
export const authenticationMethodResponseSchema = z.object({
  authenticationMethod: z.enum(AUTHENTICATION_METHODS),
});
export type AuthenticationMethodResponse = z.infer<typeof authenticationMethodResponseSchema>;
