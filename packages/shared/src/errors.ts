import { clientErrorMessages, failureMessages, inspectionMessages, validationMessages } from './messages.ts';

type ErrorDefinition = { status: number; message: string };

/**
 * Every coded error the API answers. Messages are what a person reads, so they say what happened
 * and what to do, never internals.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: validationMessages.someRequiredMissing },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON' },
  /** NUL cannot be stored in PostgreSQL text and has no place in anything a person types. */
  INVALID_CHARACTERS: { status: 400, message: 'The request contains an invisible control character (NUL). Remove it and try again' },
  BAD_REQUEST: { status: 400, message: 'The request could not be read. Please try again' },
  UPLOAD_INCOMPLETE: { status: 400, message: 'The upload was interrupted before the file arrived whole. Please try again' },
  URL_TOO_LONG: { status: 414, message: 'The address of the request is too long' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large. Sign out and in again, or clear cookies for this site' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive. Please try again' },
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
  SIGN_IN_BUSY: { status: 429, message: 'Too many sign-in attempts at once from your network. Wait a moment and try again' },
  MFA_CODE_INVALID: { status: 400, message: 'The code is incorrect or has expired. Try the current code from your authenticator app' },
  MFA_CHALLENGE_INVALID: { status: 400, message: 'This sign-in step has expired. Please sign in again' },
  MFA_NOT_ENABLED: { status: 409, message: 'Two-step sign-in is not turned on for this account' },
  MFA_ALREADY_ENABLED: { status: 409, message: 'Two-step sign-in is already turned on. Turn it off first to set up a new app' },
  MFA_SETUP_MISSING: { status: 409, message: 'Start the set-up again: scan a new QR code' },
  MFA_REQUIRED: { status: 409, message: 'Your account type must sign in with two steps, so it cannot be turned off' },
  MFA_LOCAL_ONLY: { status: 409, message: 'This account signs in with single sign-on; its second step is managed by the identity provider' },
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'The current password is incorrect' },
  PASSWORD_TOO_WEAK: { status: 400, message: 'This password is too easy to guess. Add more words or characters that are hard to guess' },
  PASSWORD_UNCHANGED: { status: 400, message: 'Choose a password different from the current one' },
  ACCOUNT_SESSION_NOT_FOUND: { status: 404, message: 'This sign-in was not found or has already ended' },
  EMAIL_CHANGE_INVALID: { status: 400, message: 'This confirmation link is invalid or has expired. Please request the change again' },
  EMAIL_MANAGED_BY_PROVIDER: { status: 409, message: "This account's e-mail address is managed by its identity provider" },
  EMAIL_UNCHANGED: { status: 400, message: 'This is already your e-mail address' },
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
  DEVICE_MODEL_NOT_201: {
    status: 409,
    message: 'This charger does not speak OCPP 2.0.1: it has configuration keys, not a device model',
  },
  DEVICE_VARIABLE_READ_ONLY: { status: 400, message: 'This variable is read-only at the charger' },
  DEVICE_VARIABLE_REFUSED: { status: 422, message: 'The charger refused the new value' },
  SESSION_NOT_FOUND: { status: 404, message: 'Charging session not found' },
  TARIFF_NOT_SET: { status: 404, message: 'This location has no rates yet. Set its rates first' },
  TARIFF_EFFECTIVE_IN_PAST: {
    status: 400,
    message: 'Effective from must be now or later: sessions that have started keep the prices they started with',
  },
  TARIFF_EFFECTIVE_TAKEN: { status: 409, message: 'Another rate version starts at that moment. Choose another time' },
  MESH_GATEWAY_INVALID: { status: 400, message: 'The gateway must be another charger at the same location' },
  UTILITY_CONFIG_NOT_FOUND: { status: 404, message: 'Utility config not found' },
  METER_NOT_FOUND: { status: 404, message: 'Meter not found. It may have been removed; reload the list' },
  METER_TAKEN: { status: 409, message: 'This location already has a meter with that number' },
  UTILITY_CONFIG_TAKEN: { status: 409, message: 'This location already has a utility config with that provider and account number' },
  BILL_FILE_REQUIRED: { status: 400, message: 'Choose the bill as a PDF file' },
  BILL_NOT_PDF: { status: 400, message: 'The bill must be a PDF file' },
  ENERGY_FILE_REQUIRED: { status: 400, message: 'Choose a CSV file with the interval data' },
  ENERGY_DATA_INVALID: { status: 400, message: 'The interval data has errors; nothing was imported' },
  VIOLATION_NOT_FOUND: { status: 404, message: 'Violation not found' },
  VIOLATION_NOT_OPEN: { status: 409, message: 'Only open violations can be waived or marked paid' },
  CHARGER_SAME_LOCATION: { status: 400, message: 'The charger is already at this location' },
  TEST_DATA_INVALID: { status: 400, message: 'The testing data has errors; nothing was imported' },
  INSPECTION_TEMPLATE_NOT_FOUND: { status: 404, message: inspectionMessages.templateNotFound },
  INSPECTION_TEMPLATE_ARCHIVED: { status: 409, message: inspectionMessages.templateArchivedLocked },
  INSPECTION_ANSWERS_INVALID: { status: 400, message: 'Unable to save the inspection' },
  INSPECTION_SECTION_NOT_FOUND: { status: 404, message: 'Section not found in this inspection template. Reload the template' },
  INSPECTION_QUESTION_NOT_FOUND: { status: 404, message: 'Question not found in this inspection template. Reload the template' },
  /** A change through /sections or /questions that would leave the template outside the limits of a whole template. */
  INSPECTION_TEMPLATE_LIMIT: { status: 409, message: 'The inspection template cannot take this change' },
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
  SSO_TOKEN_REUSED: { status: 401, message: 'This sign-in was already used. Please sign in again' },
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
  /** The database cannot be reached: the spec's network-failure message, since to the user it is the same. */
  DATABASE_UNAVAILABLE: { status: 503, message: clientErrorMessages.serviceUnavailable },
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
  DRIVER_NOT_FOUND: { status: 404, message: 'Driver not found' },
  DRIVER_MAIN_INVALID: { status: 400, message: 'The main user must be a driver of the same location with the role user' },
  DRIVER_HAS_SUB_USERS: { status: 409, message: 'This driver is the main user of sub-users. Remove them or give them another main user first' },
  DRIVER_ALREADY_INACTIVE: { status: 409, message: 'This driver is already inactive' },
  DRIVER_ALREADY_ACTIVE: { status: 409, message: 'This driver is already active' },
  DRIVER_NOT_PENDING: { status: 409, message: 'Only drivers who have not accepted their invitation can be sent another' },
  ID_TAG_TAKEN: { status: 409, message: 'This ID tag already belongs to a driver of the network' },
  DRIVER_RESTRICTIONS_INVALID: { status: 400, message: failureMessages.updateDriverRestrictions },
  DRIVER_IMPORT_INVALID: { status: 400, message: 'The file has errors; no driver was imported' },
  DRIVER_IMPORT_FILE_REQUIRED: { status: 400, message: 'Choose a CSV file with the drivers to import' },
  DOCUMENT_TOO_LARGE: { status: 413, message: validationMessages.fileTooLarge },
  PHOTO_TOO_LARGE: { status: 413, message: validationMessages.photoTooLarge },
  DOCUMENT_FILE_REQUIRED: { status: 400, message: failureMessages.uploadDocument },
  DOCUMENT_TYPE_REFUSED: { status: 415, message: failureMessages.uploadDocument },
  DOCUMENT_LIMIT_REACHED: { status: 409, message: failureMessages.uploadDocument },
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Document not found' },
  FIRMWARE_FILE_REQUIRED: { status: 400, message: 'Choose a firmware image to upload' },
  FIRMWARE_TOO_LARGE: { status: 413, message: 'A firmware image may be at most 64 MB' },
  FIRMWARE_CHECKSUM_MISMATCH: { status: 400, message: 'The file does not match the SHA-256 checksum given; it may be damaged. Upload it again' },
  FIRMWARE_VERSION_TAKEN: { status: 409, message: 'An image of this version is already uploaded' },
  FIRMWARE_NOT_FOUND: { status: 404, message: 'Firmware image not found' },
  FIRMWARE_IN_USE: { status: 409, message: 'A campaign uses this image; it cannot be deleted' },
  FIRMWARE_CAMPAIGN_NOT_FOUND: { status: 404, message: 'Firmware campaign not found' },
  FIRMWARE_CAMPAIGN_NO_CHARGERS: { status: 400, message: 'No charger of this location has a model the image fits' },
  FIRMWARE_CAMPAIGN_BUSY: { status: 409, message: 'Some of these chargers are already being updated by another campaign' },
  FIRMWARE_CAMPAIGN_STATE: { status: 409, message: 'The campaign cannot do that in its current state' },
  FIRMWARE_LINK_INVALID: { status: 404, message: 'Download link not valid or expired' },
  CHARGERS_ALREADY_BOOKED: { status: 409, message: failureMessages.chargersAlreadyBooked },
  SCHEDULE_FAILED: { status: 400, message: failureMessages.scheduleChargers },
  BOOKING_NOT_FOUND: { status: 404, message: 'Booking not found' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notification not found' },
  BOOKING_ENDED: { status: 409, message: 'This booking has already ended or was cancelled' },
  STRIPE_STATE_INVALID: { status: 400, message: failureMessages.connectStripe },
  STRIPE_CONNECT_FAILED: { status: 400, message: failureMessages.connectStripe },
  STRIPE_UNAVAILABLE: { status: 502, message: failureMessages.connectStripe },
  STRIPE_CONNECT_IN_PROGRESS: { status: 409, message: failureMessages.connectStripe },
  STRIPE_NOT_CONNECTED: { status: 404, message: 'No Stripe account is connected to this location' },
  STRIPE_DISCONNECT_FAILED: { status: 502, message: 'Unable to disconnect Stripe' },
  SUBSCRIPTION_ACTIVATION_FAILED: { status: 402, message: failureMessages.subscriptionActivation },
  SUBSCRIPTION_UPDATE_FAILED: { status: 402, message: failureMessages.updateSubscription },
  SUBSCRIPTION_PROVIDER_UNAVAILABLE: { status: 502, message: failureMessages.updateSubscription },
  SUBSCRIPTION_ALREADY_ACTIVE: { status: 409, message: 'This location already has an active subscription. Change its plan instead' },
  SUBSCRIPTION_NOT_ACTIVE: { status: 409, message: 'This location has no active subscription' },
  SUBSCRIPTION_BUSY: { status: 409, message: 'The subscription is being changed right now. Reload in a moment' },
  SUBSCRIPTION_KEY_REUSED: { status: 409, message: 'This request was already used for another change. Reload and try again' },
  PAYMENT_INFO_FAILED: { status: 402, message: failureMessages.updatePaymentInfo },
  PAYMENT_INFO_UNAVAILABLE: { status: 502, message: failureMessages.updatePaymentInfo },
  DRIVER_CARD_NOT_ON_FILE: { status: 409, message: 'This driver has no card on file' },
  SESSION_PAYMENT_NOT_FOUND: { status: 404, message: 'This session has no card payment' },
  SESSION_PAYMENT_NOT_REFUNDABLE: { status: 409, message: 'Only a paid session can be refunded, up to what is left of its payment' },
  SESSION_REFUND_FAILED: { status: 402, message: 'The provider refused the refund' },
  SESSION_REFUND_UNAVAILABLE: { status: 502, message: 'The provider could not be reached for the refund. Try again later' },
  LICENSE_NOT_FOUND: { status: 404, message: 'License not found' },
  LICENSE_FULL: { status: 409, message: 'This license has no free seat. Add a license or free a seat first' },
  LICENSE_EXPIRED: { status: 409, message: 'This license has expired. Renew it first' },
  PLAN_UNKNOWN: { status: 400, message: 'Choose one of the plans' },
  PLAN_TOO_SMALL: { status: 409, message: 'This location has more chargers than the plan includes' },
  PLAN_CHARGER_LIMIT: { status: 403, message: "The location's plan includes no more chargers" },
  PLAN_FEATURE_MISSING: { status: 403, message: "The location's plan does not include this" },
  CHARGER_UNLICENSED: { status: 403, message: 'This charger has no valid license' },
  BALANCE_NOT_FOUND: { status: 404, message: failureMessages.balanceNotFound },
  REVENUE_SHARE_NOT_FOUND: { status: 404, message: failureMessages.customerRevenueShareNotFound },
  REVENUE_SHARE_EFFECTIVE_TAKEN: { status: 409, message: 'Another revenue share starts at that moment. Choose another time' },
  TRANSFER_FAILED: { status: 400, message: failureMessages.transfer },
  TRANSFER_UNAVAILABLE: { status: 502, message: failureMessages.transfer },
  TRANSFER_IN_PROGRESS: { status: 409, message: failureMessages.transfer },
  BANK_LINK_UNAVAILABLE: { status: 502, message: failureMessages.addBankAccount },
  BANK_ACCOUNT_ADD_FAILED: { status: 400, message: failureMessages.addBankAccount },
  BANK_ACCOUNT_SAVE_FAILED: { status: 502, message: failureMessages.saveBankAccount },
  BANK_ACCOUNT_EXISTS: { status: 409, message: failureMessages.saveBankAccount },
  BANK_ACCOUNT_UPDATE_FAILED: { status: 400, message: failureMessages.updateBankAccount },
  BANK_ACCOUNT_UPDATE_UNAVAILABLE: { status: 502, message: failureMessages.updateBankAccount },
  BANK_ACCOUNT_REMOVE_FAILED: { status: 502, message: failureMessages.removeBankAccount },
  BANK_ACCOUNT_NOT_FOUND: { status: 404, message: 'No bank account is linked to this location' },
  BANK_ACCOUNT_RECEIVES_PAYOUTS: { status: 409, message: failureMessages.removeBankAccount },
  PLAID_SANDBOX_LOGIN_FAILED: { status: 400, message: 'The sandbox bank did not accept this sign-in' },
  DEAL_FAILED: { status: 400, message: failureMessages.addDeal },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The event signature could not be verified' },
  REFUND_TOO_LARGE: { status: 400, message: 'The refund is more than what is left of the session after earlier refunds' },
  REFUND_KEY_REUSED: { status: 409, message: 'This refund request was already used for another refund. Reload and try again' },
  /** Decision 082: a session the driver paid by card is refunded through the provider, never only in the ledger. */
  ROAMING_PARTNER_NOT_FOUND: { status: 404, message: 'Roaming partner not found. It may have been removed; reload the list' },
  ROAMING_PARTY_EXISTS: {
    status: 409,
    message: 'A roaming partner with this country code and party id is already registered. Remove it first, or re-register it',
  },
  /** The reason (which request failed and how) is given as the message; this one is the fallback. */
  ROAMING_PARTNER_UNREACHABLE: { status: 400, message: "The partner's OCPI API could not be used. Check its versions URL and token" },
  ROAMING_PARTNER_NOT_CONNECTED: {
    status: 409,
    message: 'This partner has not completed registration. Wait for it to register, or remove it and connect again',
  },
  ROAMING_PARTNER_NOT_SUSPENDED: { status: 409, message: 'This partner is not suspended' },
  ROAMING_PARTNER_SUSPENDED: { status: 409, message: 'This partner is suspended. Resume it first' },
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

  constructor(code: ErrorCode, options: { messages?: string[]; headers?: Record<string, string>; details?: Record<string, unknown> } = {}) {
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
