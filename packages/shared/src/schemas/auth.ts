import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { USER_TYPES } from '../roles.ts';
import { EMAIL_PATTERN, meetsPasswordRule } from '../validation.ts';

/** Blank answers only "required", not also "invalid": later checks are skipped once it fails. */
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
});

export const sessionUserSchema = signedInUserSchema.extend({ access_token: z.string(), refresh_token: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const refreshTokenBodySchema = z.object({ token: requiredString('Refresh token is required', 200) });
export const refreshTokenResponseSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

export const forgotPasswordBodySchema = z.object({
  email: requiredString(m.forgotEmailRequired).regex(EMAIL_PATTERN, m.forgotEmailInvalid),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: requiredString('Token not found! Please try again', 200),
  password: z
    .string({ error: m.newPasswordRequired })
    .min(1, m.newPasswordRequired)
    .max(1024)
    .refine(meetsPasswordRule, m.passwordRule),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const AUTHENTICATION_METHODS = ['password', 'workforce-sso', 'customer-sso'] as const;
export type AuthenticationMethod = (typeof AUTHENTICATION_METHODS)[number];

export const authenticationMethodBodySchema = z.object({ userEmail: emailSchema });
export const authenticationMethodResponseSchema = z.object({
  authenticationMethod: z.enum(AUTHENTICATION_METHODS),
});
export type AuthenticationMethodResponse = z.infer<typeof authenticationMethodResponseSchema>;
