import type { OcpiCredentials, OcpiCredentialsRole } from '@wattdesk/shared';
import type { AppConfig } from '../../../config.ts';
import type { PartnerVersion } from '../client/partner-versions.ts';
import type { PartnerRow } from '../partners.repository.ts';

export type RegistrationConfig = Pick<AppConfig, 'publicUrl' | 'jwtSecret' | 'ocpi'>;

export const ourVersionsUrl = (config: RegistrationConfig) => `${config.publicUrl}/ocpi/versions`;

/** Our Credentials object: the token the other side calls us with, our versions URL, and our one CPO role. */
export const ourCredentials = (config: RegistrationConfig, token: string): OcpiCredentials => ({
  token,
  url: ourVersionsUrl(config),
  roles: [
    {
      role: 'CPO',
      party_id: config.ocpi.partyId,
      country_code: config.ocpi.countryCode,
      business_details: { name: config.ocpi.businessName },
    },
  ],
});

/**
 * The party a partner is known by: its eMSP role when it has one (what pushes tokens and starts sessions here),
 * else its first role. CiStrings compare case-insensitively, so they are kept upper case.
 */
export const partyOf = (roles: readonly OcpiCredentialsRole[]) => {
  const role = roles.find((candidate) => candidate.role === 'EMSP') ?? roles[0]!;
  return { countryCode: role.country_code.toUpperCase(), partyId: role.party_id.toUpperCase() };
};

/** The columns a completed exchange sets: what the partner's versions told us and what its credentials said. */
export const registeredColumns = (version: PartnerVersion, roles: readonly OcpiCredentialsRole[], now: Date): Partial<PartnerRow> => ({
  ...partyOf(roles),
  roles: roles.map((role) => ({ ...role, business_details: { ...role.business_details } })),
  versionsUrl: version.versionsUrl,
  version: version.version,
  endpoints: version.endpoints,
  lastExchangeAt: now,
  lastFailureAt: null,
  lastFailure: null,
});
