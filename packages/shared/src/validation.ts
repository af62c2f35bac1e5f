import { validationMessages as m } from './messages.ts';

/** The spec's "standard email pattern": one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Special characters the spec's general password rule accepts. */
export const PASSWORD_SPECIALS = '#?!@$%^&*-';
export const PASSWORD_MIN_LENGTH = 8;
/**
 * zxcvbn's score a new password must reach (0–4): 3 is "safely unguessable" against online guessing and
 * slows an offline attack on a slow hash. Common and breached-style passwords score 0–2.
 */
export const PASSWORD_MIN_STRENGTH = 3;

const hasUpper = /[A-Z]/;
const hasLower = /[a-z]/;
const hasDigit = /[0-9]/;
const hasSpecial = /[#?!@$%^&*-]/;
const alphabetic = /^[\p{L}\s'-]+$/u;

/** A validator answers the message to show, or undefined when the value is fine. */
export type Validator<T = string> = (value: T) => string | undefined;

export const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

export const meetsPasswordRule = (value: string): boolean =>
  value.length >= PASSWORD_MIN_LENGTH && hasUpper.test(value) && hasLower.test(value) && hasDigit.test(value) && hasSpecial.test(value);

export const validateEmail: Validator = (value) => (isValidEmail(value) ? undefined : m.emailPattern);

export const validateLoginEmail: Validator = (value) => {
  if (isBlank(value)) return m.loginEmailRequired;
  return isValidEmail(value) ? undefined : m.loginEmailInvalid;
};

export const validateForgotPasswordEmail: Validator = (value) => {
  if (isBlank(value)) return m.forgotEmailRequired;
  return isValidEmail(value) ? undefined : m.forgotEmailInvalid;
};

export const validatePassword: Validator = (value) => (meetsPasswordRule(value) ? undefined : m.passwordRule);

export const validateLoginPassword: Validator = (value) => (value ? undefined : m.loginPasswordRequired);

/** The reset screen checks character classes with its own message, then the general length rule. */
export const validateNewPassword: Validator = (value) => {
  if (!value) return m.newPasswordRequired;
  const hasAllClasses = hasUpper.test(value) && hasLower.test(value) && hasDigit.test(value) && hasSpecial.test(value);
  if (!hasAllClasses) return m.newPasswordRule;
  return value.length >= PASSWORD_MIN_LENGTH ? undefined : m.passwordRule;
};

export const validateRetypedPassword = (password: string, retyped: string): string | undefined => {
  if (!retyped) return m.retypeRequired;
  return password === retyped ? undefined : m.passwordMismatch;
};

export const validateRequired =
  (field: string): Validator =>
  (value) =>
    isBlank(value) ? m.required(field) : undefined;

export const validateAlphabetic =
  (field: string): Validator =>
  (value) =>
    alphabetic.test(value.trim()) ? undefined : m.alphabetic(field);

/**
 * The original's numeric check failed for non-negative numbers, which rejected every valid amount.
 * We accept non-negative numbers and reject the rest (docs/spec-deviations.md).
 */
export const validateNonNegativeNumber =
  (field: string): Validator<string | number> =>
  (value) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') return m.required(field);
    const parsed = Number(text);
    return Number.isFinite(parsed) && parsed >= 0 ? undefined : m.nonNegativeNumber(field);
  };

export const validateRequiredFields = (values: Record<string, unknown>, fields: readonly string[]) =>
  fields.some((field) => {
    const value = values[field];
    return value === undefined || value === null || (typeof value === 'string' && isBlank(value));
  })
    ? m.someRequiredMissing
    : undefined;

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export const validateDocumentSize: Validator<number> = (bytes) => (bytes > MAX_UPLOAD_BYTES ? m.fileTooLarge : undefined);

export const validatePhotoSize: Validator<number> = (bytes) => (bytes > MAX_UPLOAD_BYTES ? m.photoTooLarge : undefined);
