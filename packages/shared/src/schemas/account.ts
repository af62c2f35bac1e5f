import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages } from '../schema-messages.ts';
import { LOCALES } from '../i18n/locales.ts';
import { USER_TYPES } from '../roles.ts';
import { EMAIL_PATTERN, meetsPasswordRule } from '../validation.ts';
import { idSchema } from './common.ts';
import { alphabeticText } from './fields.ts';

/** Own account (menu account-setting): what the screen shows. */
/** The language a signed-in user chose, kept on the account so it follows them to another browser (issue 44). */
export const languageBodySchema = z.object({
  language: z.enum(LOCALES, { error: schemaMessages.languageChoice }),
});
export type LanguageBody = z.infer<typeof languageBodySchema>;

export const accountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  /** The language the user chose; null while the browser's decides. */
  language: z.enum(LOCALES).nullable(),
  /** 'password' accounts manage password and second factor here; single sign-on accounts at their provider. */
  authProvider: z.enum(['password', 'workforce', 'customer']),
  /** An e-mail change waiting for its confirmation link. */
  pendingEmail: z.string().nullable(),
  mfa: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
    /** This account's type must sign in with a second factor (it cannot be turned off). */
    required: z.boolean(),
  }),
});
export type Account = z.infer<typeof accountSchema>;

/** Digits, spaces and + ( ) - . as people write phone numbers; at least 7 digits. */
const PHONE = /^\+?[\d\s().-]{7,20}$/;

export const updateProfileBodySchema = z.object({
  firstName: alphabeticText('First Name', 100),
  lastName: alphabeticText('Last Name', 100),
  phoneNumber: z
    .string()
    .trim()
    .max(30, 'Phone Number must be at most 30 characters')
    .refine((value) => value === '' || PHONE.test(value), m.mustBePhoneNumber(fieldLabels.phoneNumberTitle))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const changeEmailBodySchema = z.object({
  newEmail: z
    .string({ error: m.required(fieldLabels.email) })
    .trim()
    .min(1, { error: m.required(fieldLabels.email), abort: true })
    .max(320)
    .regex(EMAIL_PATTERN, m.emailPattern),
  password: z.string({ error: m.loginPasswordRequired }).min(1, m.loginPasswordRequired).max(1024),
});
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

export const confirmEmailChangeBodySchema = z.object({
  token: z.string({ error: 'Token not found! Please try again' }).trim().min(1, 'Token not found! Please try again').max(200),
});

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: m.loginPasswordRequired }).min(1, m.loginPasswordRequired).max(1024),
  newPassword: z.string({ error: m.newPasswordRequired }).min(1, m.newPasswordRequired).max(1024).refine(meetsPasswordRule, m.passwordRule),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const totpSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG data URL. */
  qrCode: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupSchema>;

const code = z.string({ error: schemaMessages.authenticatorCode }).trim().min(1, { error: schemaMessages.authenticatorCode, abort: true }).max(32);

export const enableTotpBodySchema = z.object({ code });
export const confirmWithPasswordAndCodeBodySchema = z.object({
  password: z.string({ error: m.loginPasswordRequired }).min(1, m.loginPasswordRequired).max(1024),
  code,
});
export type ConfirmWithPasswordAndCodeBody = z.input<typeof confirmWithPasswordAndCodeBodySchema>;

/** Shown once, to be written down or downloaded. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesSchema>;

export const accountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system, e.g. "Chrome on macOS". */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signInMethod: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });

export const accountSessionParamsSchema = z.object({ sessionId: idSchema });
