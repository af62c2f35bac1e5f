import { z } from 'zod';
import { ocpiCiString, ocpiDisplayTextSchema, ocpiInboundDateTimeSchema, ocpiString } from './types.ts';

/*
 * The OCPI 2.2.1 Tokens module's objects, from its text (mod_tokens: "Token Object", "AuthorizationInfo Object",
 * "EnergyContract class", "LocationReferences class", "AllowedType", "TokenType", "WhitelistType"; types from
 * "Types": CiString, string, DateTime, DisplayText; ProfileType from mod_sessions). Partners send us Tokens, so
 * these are what a hostile body meets first: every length and enum is checked here.
 */

export const OCPI_TOKEN_TYPES = ['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID'] as const;
export type OcpiTokenType = (typeof OCPI_TOKEN_TYPES)[number];
/** When the CPO may authorise from its copy of the token (ALWAYS, ALLOWED) and when it must ask the eMSP. */
export const OCPI_WHITELIST_TYPES = ['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'] as const;
export type OcpiWhitelistType = (typeof OCPI_WHITELIST_TYPES)[number];
export const OCPI_ALLOWED_TYPES = ['ALLOWED', 'BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED'] as const;
export type OcpiAllowedType = (typeof OCPI_ALLOWED_TYPES)[number];
const PROFILE_TYPES = ['CHEAP', 'FAST', 'GREEN', 'REGULAR'] as const;

export const ocpiEnergyContractSchema = z.object({
  supplier_name: ocpiString(64),
  contract_id: ocpiString(64).optional(),
});

export const ocpiLocationReferencesSchema = z.object({
  location_id: ocpiCiString(36).min(1),
  evse_uids: z.array(ocpiCiString(36)).max(1000).optional(),
});
export type OcpiLocationReferences = z.infer<typeof ocpiLocationReferencesSchema>;

const tokenFields = {
  country_code: ocpiCiString(2).length(2),
  party_id: ocpiCiString(3).length(3),
  uid: ocpiCiString(36).min(1),
  type: z.enum(OCPI_TOKEN_TYPES),
  contract_id: ocpiCiString(36).min(1),
  visual_number: ocpiString(64).optional(),
  issuer: ocpiString(64),
  group_id: ocpiCiString(36).optional(),
  valid: z.boolean(),
  whitelist: z.enum(OCPI_WHITELIST_TYPES),
  language: ocpiString(2).optional(),
  default_profile_type: z.enum(PROFILE_TYPES).optional(),
  energy_contract: ocpiEnergyContractSchema.optional(),
  last_updated: ocpiInboundDateTimeSchema,
};

/** Token Object: an eMSP's driver token, as the eMSP pushes it to us (PUT) or sends it back in AuthorizationInfo. */
export const ocpiTokenSchema = z.object(tokenFields);
export type OcpiToken = z.infer<typeof ocpiTokenSchema>;

/** A Token PATCH: any of the fields, and last_updated always ("Any request to the PATCH method SHALL contain the last_updated field"). */
export const ocpiTokenPatchSchema = z.object(tokenFields).partial().required({ last_updated: true });
export type OcpiTokenPatch = z.infer<typeof ocpiTokenPatchSchema>;

/** AuthorizationInfo Object: the eMSP's answer to a real-time authorization (POST {token_uid}/authorize). */
export const ocpiAuthorizationInfoSchema = z.object({
  allowed: z.enum(OCPI_ALLOWED_TYPES),
  token: ocpiTokenSchema,
  location: ocpiLocationReferencesSchema.optional(),
  authorization_reference: ocpiCiString(36).optional(),
  info: ocpiDisplayTextSchema.optional(),
});
export type OcpiAuthorizationInfo = z.infer<typeof ocpiAuthorizationInfoSchema>;
