/**
 * Every user-facing sentence of the specification, word for word, in one place.
 * The spec's odd capitalisation and punctuation are kept on purpose: these strings are requirements.
 */
export const validationMessages = {
  emailPattern: 'Please enter a valid email-id',
  loginEmailRequired: 'Please enter your email address',
  loginEmailInvalid: 'Please enter a valid email address',
  forgotEmailRequired: 'Please enter email',
  forgotEmailInvalid: 'Enter a valid email',
  passwordRule: 'Password needs to be at least 8 character long containing number, upper, lower and special case',
  loginPasswordRequired: 'Please enter your password',
  newPasswordRequired: 'Please enter new password',
  newPasswordRule: 'Password must contain a special character(^@$), number(0-9), uppercase(A-Z) and lowercase(a-z)',
  retypeRequired: 'Please re-type new password',
  passwordMismatch: 'Password should match',
  alphabetic: (field: string) => `${field} Should be alphabetic only`,
  required: (field: string) => `${field} Field is required`,
  someRequiredMissing: 'Some required field missing',
  fillThisField: 'Please fill this field',
  /** Our wording: the spec's numeric rule is inverted (see docs/spec-deviations.md). */
  nonNegativeNumber: (field: string) => `${field} must be a number of zero or more`,
  // The schemas' own sentences about a field, named by its label (fieldLabels) so that they translate with it.
  maxLength: (field: string, limit: number | string) => `${field} must be at most ${limit} characters`,
  minLength: (field: string, limit: number | string) => `${field} must be at least ${limit} characters`,
  mustBeNumber: (field: string) => `${field} must be a number`,
  mustBeWholeNumber: (field: string) => `${field} must be a whole number`,
  mustBeDateTime: (field: string) => `${field} must be a date and time`,
  mustBeFuture: (field: string) => `${field} must be in the future`,
  mustBeDate: (field: string) => `${field} must be a date (YYYY-MM-DD)`,
  mustBeTrueOrFalse: (field: string) => `${field} must be true or false`,
  isRequired: (field: string) => `${field} is required`,
  mustBeText: (field: string) => `${field} must be text`,
  mustBePhoneNumber: (field: string) => `${field} must be a phone number, e.g. +1 415 555 0100`,
  mustBeAtMost: (field: string, limit: number | string) => `${field} must be at most ${limit}`,
  mustBeAtLeast: (field: string, limit: number | string) => `${field} must be at least ${limit}`,
  mustBeLimitOrMore: (field: string, limit: number | string) => `${field} must be ${limit} or more`,
  mustBeBetween: (field: string, min: number | string, max: number | string) => `${field} must be between ${min} and ${max}`,
  mustBeMoreThanZero: (field: string) => `${field} must be more than zero`,
  tooLarge: (field: string) => `${field} is too large`,
  mustBeDurationChoice: (field: string) => `${field} must be one of the duration choices`,
  /**
   * The codes a field takes ("PENDING, ACTIVE" and "INACTIVE"), written as the API takes them; only the words around
   * them translate. Last in the catalogue: a sentence of another shape that happens to hold " or " must match first.
   */
  mustBeOneOf: (field: string, choices: string, last: string) => `${field} must be ${choices} or ${last}`,
  fileTooLarge: 'file size should not exceed 2 MB',
  photoTooLarge: 'Photo size should not exceed 2 MB',
} as const;

export const clientErrorMessages = {
  notFound: 'Resource was not found',
  serviceUnavailable: 'Service unavailable',
  serverError: 'Server error!',
  unhandledRejection: 'Something went wrong on the server',
  tokenNotFound: 'Token not found! Please try again',
} as const;

export const failureMessages = {
  logout: 'Unable to Logout current User',
  login: 'Unable to login',
  scheduleChargers: 'Unable to schedule the chargers',
  chargersAlreadyBooked: 'selected chargers are already booked for the given time',
  updatePaymentInfo: 'Unable to update payment information',
  updateFeeInfo: 'Unable to update Fee information',
  updateViolationInfo: 'Unable to update Violation information',
  subscriptionActivation: 'Subscription activation failed',
  updateSubscription: 'Unable to update subscription',
  transfer: 'transfer failed',
  balanceNotFound: 'balance not found',
  customerRevenueShareNotFound: 'customerRevenueShare not found',
  sendResetLink: 'Unable to send password reset link',
  resetPassword: 'Unable to reset your password',
  updateDriverRestrictions: 'Unable to update driver restrictions',
  uploadDocument: 'Unable to upload your document',
  saveBankAccount: 'Unable to save your bank account',
  updateBankAccount: 'Unable to update your bank account',
  removeBankAccount: 'Unable to remove your bank account',
  addBankAccount: 'Unable to Add Bank Account!!',
  addDeal: 'Unable to add Xeal deal',
  connectStripe: 'Unable to connect Stripe',
  addUtilityConfig: 'Unable to add utility config',
  removeUtilityConfig: 'Unable to remove utility config',
  stripeAuthorization: 'Stripe authorization failed. Try again later, for more information contact the provider.',
  agreement: 'There was an error. An error occurred, or the agreement has already been signed. Please contact support',
} as const;

export const successMessages = {
  login: 'Logged in Successfully',
  /** One sentence in the spec: shown after saving rates, fees, idle fees or violation rules and statuses. */
  paymentFeeViolationInfoUpdated: 'payment, fee and violation information updated',
  chargersInMaintenance: 'selected chargers are in maintenance now',
  subscriptionActivated: 'subscription activated',
  subscriptionUpdated: 'subscription updated',
  resetLinkSent: 'password reset link sent',
  driverRestrictionsUpdated: 'driver restrictions updated',
  documentUploaded: 'document uploaded',
  bankAccountSaved: 'bank account saved',
  bankAccountUpdated: 'bank account updated',
  bankAccountRemoved: 'bank account removed',
  dealAdded: 'deal added',
  utilityConfigUpdated: 'utility config updated',
  utilityConfigRemoved: 'utility config removed',
  agreementSubmitted: 'Submission Successful. You should receive a confirmation email shortly.',
} as const;

/** Our own messages where the spec has none, in the spec's voice. */
export const networkMessages = {
  /** The counterpart of successMessages.chargersInMaintenance. */
  chargersOutOfMaintenance: 'selected chargers are back in service now',
  /** Company (spec section 7's endpoint name): in the words of the spec's other "... updated" and "Unable to update ...". */
  companyUpdated: 'company information updated',
  updateCompany: 'Unable to update company information',
} as const;

/** The Roaming screen (issue 42): what a mutation of a roaming partner answers when it has no object to show. */
export const roamingMessages = {
  partnerRemoved: 'Roaming partner removed',
} as const;

/** Inspection templates (decision 055): a host retires a checklist without losing the records filled in on it. */
export const inspectionMessages = {
  templateNotFound: 'Inspection template not found. It may have been removed or belong to another location; reload the list',
  /** Archived templates are read-only: no edits, no new inspections, until restored. */
  templateArchivedLocked: 'This inspection template is archived. Restore it to change it or fill it in',
  templateArchived: 'Inspection template archived',
  templateRestored: 'Inspection template restored',
} as const;

/** Spec section 9, shown wherever bank linking runs against the local Plaid sandbox (decision 049). */
export const bankLinkingSandboxNotice = 'A bank-linking provider is set to sandbox mode.';
