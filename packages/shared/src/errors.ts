import { clientErrorMessages, failureMessages, validationMessages } from './messages.ts';

type ErrorDefinition = { status: number; message: string };

/**
 * Every coded error the API answers. Messages are what a person reads, so they say what happened
 * and what to do, never internals.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: validationMessages.someRequiredMissing },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  ROUTE_NOT_FOUND: { status: 404, message: clientErrorMessages.notFound },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  INVALID_CREDENTIALS: { status: 401, message: 'The email or password is incorrect' },
  INVALID_REFRESH_TOKEN: { status: 401, message: 'Your session has ended. Please sign in again' },
  LOGIN_BACKOFF: { status: 429, message: 'Too many failed sign-in attempts. Wait a moment and try again' },
  ACCOUNT_LOCKED: {
    status: 429,
    message: 'Too many failed sign-in attempts. This account is locked for a while; try again later or reset your password',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again' },
  NOT_AN_ADMIN: { status: 403, message: 'This account cannot sign in to the dashboard' },
  ACCOUNT_INACTIVE: { status: 403, message: 'This account is inactive. Contact your administrator' },
  ACCOUNT_PENDING: {
    status: 403,
    message: 'This account is not active yet. Use the link in your invitation e-mail to set a password',
  },
  SSO_ACCOUNT: { status: 400, message: 'This account signs in with single sign-on' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  LOCATION_FORBIDDEN: { status: 403, message: 'You do not have access to this location' },
  LOCATION_NOT_FOUND: { status: 404, message: 'Location not found' },
  LOCATION_HAS_CHARGERS: {
    status: 409,
    message: 'This location still has chargers. Move or delete them before deleting the location',
  },
  CHARGER_NOT_FOUND: { status: 404, message: 'Charger not found' },
  CHARGER_ID_TAKEN: { status: 409, message: 'A charger with this charger id is already registered' },
  CHARGER_NAME_TAKEN: { status: 409, message: 'This location already has a charger with that name' },
  CHARGER_OFFLINE: { status: 409, message: 'The charger is offline. Try again when it is connected' },
  CHARGER_NO_ANSWER: { status: 504, message: 'The charger did not answer in time. Check its connection and try again' },
  CHARGER_CALL_FAILED: { status: 502, message: 'The charger could not carry out the request' },
  SESSION_NOT_FOUND: { status: 404, message: 'Charging session not found' },
  CHARGER_SAME_LOCATION: { status: 400, message: 'The charger is already at this location' },
  BATCH_INVALID: { status: 400, message: 'The file has errors; no charger was imported' },
  BATCH_FILE_REQUIRED: { status: 400, message: 'Choose a CSV file with the chargers to import' },
  FILE_TOO_LARGE: { status: 413, message: validationMessages.fileTooLarge },
  RESET_TOKEN_INVALID: {
    status: 400,
    message: 'This password reset link is invalid or has expired. Please request a new one',
  },
  PASSWORD_POLICY: { status: 400, message: validationMessages.passwordRule },
  RESET_FAILED: { status: 400, message: failureMessages.resetPassword },
  ADMIN_NOT_FOUND: { status: 404, message: 'Administrator not found' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this e-mail already exists' },
  ADMIN_TYPE_NOT_GRANTABLE: { status: 403, message: 'You cannot grant this administrator type' },
  ADMIN_OUT_OF_REACH: {
    status: 403,
    message: 'This administrator has access beyond yours, so only someone with wider access can change them',
  },
  ADMIN_SELF_CHANGE: { status: 403, message: 'You cannot change your own account here' },
  ADMIN_LOCATIONS_REQUIRED: { status: 400, message: 'Choose at least one location' },
  LOCATION_UNKNOWN: { status: 400, message: 'One of the chosen locations does not exist' },
  ADMIN_ALREADY_INACTIVE: { status: 409, message: 'This administrator is already inactive' },
  ADMIN_NOT_INACTIVE: { status: 409, message: 'Only inactive administrators can be reactivated' },
  ADMIN_NOT_PENDING: { status: 409, message: 'Only administrators who have not set a password yet can be sent an invitation' },
  SSO_NOT_CONFIGURED: { status: 404, message: 'Single sign-on is not configured on this server' },
  SSO_PROVIDER_UNAVAILABLE: { status: 503, message: 'The identity provider cannot be reached. Please try again later' },
  SSO_TOKEN_INVALID: { status: 401, message: 'The sign-in could not be verified. Please sign in again' },
  SSO_TOKEN_EXPIRED: { status: 401, message: 'The sign-in has expired. Please sign in again' },
  SSO_TOKEN_WRONG_AUDIENCE: { status: 401, message: 'The sign-in was issued for another application. Please sign in again' },
  SSO_TOKEN_WRONG_ISSUER: { status: 401, message: 'The sign-in comes from an identity provider this server does not trust' },
  SSO_TOKEN_BAD_SIGNATURE: { status: 401, message: 'The sign-in token is not signed by the identity provider' },
  SSO_NONCE_MISMATCH: { status: 401, message: 'The sign-in was not started in this browser. Please sign in again' },
  SSO_DPOP_INVALID: { status: 401, message: 'The sign-in could not be proven to come from this browser (DPoP). Please sign in again' },
  SSO_NO_EMAIL: { status: 401, message: 'The identity provider did not tell us your e-mail address' },
  WORKFORCE_NO_ACCESS: {
    status: 403,
    message:
      "Your account is not in a group that may use the dashboard ('Super Admin Access' or 'Read Only Super Admin Access'). Ask your administrator for access",
  },
  WORKFORCE_ACCOUNT_CONFLICT: {
    status: 409,
    message: 'This e-mail belongs to a customer-admin account, which cannot sign in with the workforce single sign-on',
  },
  CUSTOMER_ADMIN_UNKNOWN: {
    status: 403,
    message: 'No Wattdesk account belongs to this sign-in. Ask your administrator to invite you',
  },
  NOT_READY: { status: 503, message: 'The service is starting or cannot reach its database' },
  OVERLOADED: { status: 503, message: 'The server is busy. Please try again in a moment' },
  INTERNAL: { status: 500, message: clientErrorMessages.serverError },
  AGREEMENT_NOT_FOUND: { status: 404, message: failureMessages.agreement },
  /** Already signed or past its expiry: the public page answers the spec's agreement error. */
  AGREEMENT_CLOSED: { status: 409, message: failureMessages.agreement },
  AGREEMENT_UNKNOWN: { status: 404, message: 'Agreement not found' },
  AGREEMENT_ALREADY_SIGNED: { status: 409, message: 'This agreement has already been signed' },
  AGREEMENT_EXPIRED: { status: 409, message: 'This agreement has expired. Choose a new expiry date to send it again' },
  AGREEMENT_NOT_SIGNED: { status: 404, message: 'This agreement has not been signed yet' },
  AGREEMENT_MAIL_FAILED: {
    status: 502,
    message: 'The agreement was saved, but the e-mail could not be sent. Use Resend to try again',
  },
  STRIPE_STATE_INVALID: { status: 400, message: failureMessages.connectStripe },
  STRIPE_CONNECT_FAILED: { status: 400, message: failureMessages.connectStripe },
  STRIPE_UNAVAILABLE: { status: 502, message: failureMessages.connectStripe },
  STRIPE_CONNECT_IN_PROGRESS: { status: 409, message: failureMessages.connectStripe },
  STRIPE_NOT_CONNECTED: { status: 404, message: 'No Stripe account is connected to this location' },
  STRIPE_DISCONNECT_FAILED: { status: 502, message: 'Unable to disconnect Stripe' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** A coded error that travels from a service to the HTTP answer and on to the form that caused it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messages: string[];
  readonly headers: Record<string, string>;
  /** Extra fields for the answer body, e.g. the per-row errors of a file import. */
  readonly details: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    options: { messages?: string[]; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    const definition: ErrorDefinition = ERROR_CODES[code];
    const messages = options.messages?.length ? options.messages : [definition.message];
    super(messages[0]);
    this.name = 'AppError';
    this.code = code;
    this.status = definition.status;
    this.messages = messages;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
