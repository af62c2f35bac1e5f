import type { UserType } from '@wattdesk/shared';

export const DEMO_PASSWORD = 'Charge#2026';

export type DemoUser = {
  type: UserType;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  /** Keys of DEMO_LOCATIONS; SuperAdmin types reach every location without a list. */
  locations: string[];
};

/** One account per user type, e-mail `<type in lower case>@example.com` (README lists them). */
export const DEMO_USERS: readonly DemoUser[] = [
  { type: 'SuperAdmin', firstName: 'Alex', lastName: 'Rivera', phoneNumber: '+1 415 555 0101', locations: [] },
  { type: 'ReadonlySuperAdmin', firstName: 'Robin', lastName: 'Okafor', phoneNumber: '+1 415 555 0102', locations: [] },
  {
    type: 'Admin',
    firstName: 'Dana',
    lastName: 'Chen',
    phoneNumber: '+1 415 555 0103',
    locations: ['sf-embarcadero', 'sf-mission-bay', 'sf-civic-center'],
  },
  { type: 'ReadonlyAdmin', firstName: 'Kim', lastName: 'Novak', phoneNumber: '+1 415 555 0104', locations: ['sf-embarcadero', 'oak-jack-london'] },
  {
    type: 'PortfolioManager',
    firstName: 'Priya',
    lastName: 'Shah',
    phoneNumber: '+1 510 555 0105',
    locations: ['sf-mission-bay', 'oak-jack-london', 'oak-lake-merritt', 'oak-uptown', 'sj-sap-center'],
  },
  { type: 'Reseller', firstName: 'Marco', lastName: 'Bianchi', phoneNumber: '+1 408 555 0106', locations: ['sj-diridon', 'sj-santana-row'] },
  { type: 'ManufacturingAdmin', firstName: 'Lena', lastName: 'Fischer', phoneNumber: '+1 408 555 0107', locations: ['sj-diridon'] },
  { type: 'ThirdPartyManufacturer', firstName: 'Tomas', lastName: 'Varga', phoneNumber: '+1 408 555 0108', locations: ['sj-santana-row'] },
  { type: 'MobileAdmin', firstName: 'Jamie', lastName: 'Brooks', phoneNumber: '+1 510 555 0109', locations: ['oak-jack-london', 'oak-uptown'] },
  { type: 'Scheduler', firstName: 'Sasha', lastName: 'Ivanova', phoneNumber: '+1 415 555 0110', locations: ['sf-civic-center'] },
  { type: 'Driver', firstName: 'Chris', lastName: 'Morgan', phoneNumber: '+1 415 555 0111', locations: ['sf-embarcadero'] },
];

export const demoEmail = (type: UserType) => `${type.toLowerCase()}@example.com`;

/**
 * Accounts that sign in with a single sign-on (README): the customer admin of the built-in development
 * provider's directory. Workforce users get their row on first sign-in, so none is seeded.
 */
export const DEMO_SSO_USERS: readonly (DemoUser & { email: string; authProvider: 'customer' })[] = [
  {
    email: 'host.admin@example.net',
    authProvider: 'customer',
    type: 'PortfolioManager',
    firstName: 'Harper',
    lastName: 'Castillo',
    phoneNumber: '+1 510 555 0301',
    locations: ['sf-embarcadero', 'sf-civic-center', 'oak-lake-merritt', 'sj-diridon'],
  },
];
