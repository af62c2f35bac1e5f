/**
 * OCPI 2.2.1 (issue 42): the names the roaming module and the Roaming screen share. The object schemas of each
 * module live beside this file (ocpi/<module>.ts), written from the 2.2.1 text.
 */
export const OCPI_VERSION = '2.2.1';

/** PENDING: token A issued, the partner has not registered; CONNECTED: credentials exchanged; SUSPENDED: paused by us. */
export const OCPI_PARTNER_STATUSES = ['PENDING', 'CONNECTED', 'SUSPENDED'] as const;
export type OcpiPartnerStatus = (typeof OCPI_PARTNER_STATUSES)[number];

/** The modules we implement as a CPO, with the role we play in each (2.2.1 "ModuleID" and "InterfaceRole"). */
export const OCPI_CPO_MODULES = [
  { identifier: 'credentials', role: 'SENDER' },
  { identifier: 'credentials', role: 'RECEIVER' },
  { identifier: 'locations', role: 'SENDER' },
  { identifier: 'sessions', role: 'SENDER' },
  { identifier: 'cdrs', role: 'SENDER' },
  { identifier: 'tariffs', role: 'SENDER' },
  { identifier: 'tokens', role: 'RECEIVER' },
  { identifier: 'commands', role: 'RECEIVER' },
] as const;
export type OcpiModuleId = (typeof OCPI_CPO_MODULES)[number]['identifier'];

/** OCPI status codes ("Status codes"): 1xxx success, 2xxx client errors, 3xxx server errors. */
export const OCPI_STATUS = {
  SUCCESS: 1000,
  CLIENT_ERROR: 2000,
  INVALID_PARAMETERS: 2001,
  NOT_ENOUGH_INFORMATION: 2002,
  UNKNOWN_LOCATION: 2003,
  UNKNOWN_TOKEN: 2004,
  SERVER_ERROR: 3000,
  UNABLE_TO_USE_CLIENT_API: 3001,
  UNSUPPORTED_VERSION: 3002,
  NO_MATCHING_ENDPOINTS: 3003,
} as const;
export type OcpiStatusCode = (typeof OCPI_STATUS)[keyof typeof OCPI_STATUS];

/** The largest page our SENDER endpoints return (X-Limit), and what they return without a limit. */
export const OCPI_MAX_PAGE_SIZE = 100;
