/** Every route path of the spec's table (section 2), in one place. */
export const paths = {
  login: '/',
  home: '/home',
  resetPassword: '/reset-password',
  /** Not in the spec's table: the link that confirms a new e-mail address (account settings). */
  confirmEmail: '/confirm-email',
  termsAndConditions: (tokenId = ':tokenId') => `/terms-and-conditions/${tokenId}`,
  dashboard: '/dashboard',
  controlCenter: '/dashboard/control-center',
  drivers: '/dashboard/drivers',
  locationProfile: '/dashboard/profile/location-name',
  activityLog: '/dashboard/activity-log',
  /** Not a spec menu key: reached from the control center and assets. */
  sessions: '/dashboard/sessions',
  session: (id = ':id') => `/dashboard/sessions/${id}`,
  payoutRedirect: '/dashboard/profile/payout',
  /** Not a spec menu key: every notification, reached from the bell ("See all"). */
  notifications: '/dashboard/notifications',
  stripeConnected: '/stripe/connected',
  /** Where the provider returns after the reseller connects its own account (issue 43 part 3). */
  resellerStripeConnected: '/stripe/reseller-connected',
  workforceCallback: '/login/callback',
  customerCallback: '/login/customers/callback',
} as const;
