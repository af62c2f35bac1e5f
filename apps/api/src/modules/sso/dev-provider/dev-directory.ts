import { timingSafeEqual } from 'node:crypto';
import type { SsoProvider } from '@wattdesk/shared';

/** The published password of every demo directory user (README), the same as the demo accounts'. */
export const DEV_DIRECTORY_PASSWORD = 'Charge#2026';

export type DirectoryUser = {
  /** Stable subject identifier, as a real directory would have. */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  phoneNumber: string | null;
  groups: string[];
};

/**
 * The people the built-in development provider knows. Workforce users need no Wattdesk row beforehand;
 * the customer admin matches the seeded PortfolioManager host.admin@example.net.
 */
export const DEV_DIRECTORY: Record<SsoProvider, readonly DirectoryUser[]> = {
  workforce: [
    {
      sub: 'wf-0001',
      email: 'ops.super@example.org',
      givenName: 'Morgan',
      familyName: 'Hale',
      phoneNumber: '+1 415 555 0201',
      groups: ['Everyone', 'Super Admin Access'],
    },
    {
      sub: 'wf-0002',
      email: 'ops.readonly@example.org',
      givenName: 'Avery',
      familyName: 'Lindqvist',
      phoneNumber: '+1 415 555 0202',
      groups: ['Everyone', 'Read Only Super Admin Access'],
    },
    { sub: 'wf-0003', email: 'ops.none@example.org', givenName: 'Quinn', familyName: 'Mbeki', phoneNumber: null, groups: [] },
  ],
  customer: [
    { sub: 'cu-0001', email: 'host.admin@example.net', givenName: 'Harper', familyName: 'Castillo', phoneNumber: '+1 510 555 0301', groups: [] },
  ],
};

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const findDirectoryUser = (provider: SsoProvider, id: string): DirectoryUser | undefined =>
  DEV_DIRECTORY[provider].find((user) => user.sub === id || user.email === id.trim().toLowerCase());

/** Checks the e-mail and password typed on the development provider's login page. */
export const authenticateDirectoryUser = (provider: SsoProvider, email: string, password: string): DirectoryUser | undefined => {
  const user = DEV_DIRECTORY[provider].find((candidate) => candidate.email === email.trim().toLowerCase());
  const passwordMatches = sameText(password, DEV_DIRECTORY_PASSWORD);
  return user && passwordMatches ? user : undefined;
};
