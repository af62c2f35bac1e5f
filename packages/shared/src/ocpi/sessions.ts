import { z } from 'zod';
import { ocpiCiString, ocpiDateTimeSchema } from './types.ts';

import { OCPI_TOKEN_TYPES } from './tokens.ts';

/*
 * OCPI 2.2.1 Sessions module (mod_sessions.asciidoc "Session Object", "SessionStatus enum") and the classes it shares
 * with CDRs (mod_cdrs.asciidoc "CdrToken", "ChargingPeriod", "CdrDimension", "AuthMethod"; types.asciidoc "Price").
 */

/** DateTime: RFC 3339 in UTC, e.g. 2015-06-29T20:39:09Z (types.asciidoc "DateTime type"). */

/** types.asciidoc "Price class": excl_vat required, incl_vat only when VAT applies. */
export const ocpiPriceSchema = z.object({ excl_vat: z.number().min(0), incl_vat: z.number().min(0).optional() }).strict();
export type OcpiPrice = z.infer<typeof ocpiPriceSchema>;

export const OCPI_AUTH_METHODS = ['AUTH_REQUEST', 'COMMAND', 'WHITELIST'] as const;

export const ocpiCdrTokenSchema = z
  .object({
    country_code: ocpiCiString(2).length(2),
    party_id: ocpiCiString(3).length(3),
    uid: ocpiCiString(36).min(1),
    type: z.enum(OCPI_TOKEN_TYPES),
    contract_id: ocpiCiString(36).min(1),
  })
  .strict();
export type OcpiCdrToken = z.infer<typeof ocpiCdrTokenSchema>;

export const OCPI_CDR_DIMENSION_TYPES = [
  'CURRENT',
  'ENERGY',
  'ENERGY_EXPORT',
  'ENERGY_IMPORT',
  'MAX_CURRENT',
  'MIN_CURRENT',
  'MAX_POWER',
  'MIN_POWER',
  'PARKING_TIME',
  'POWER',
  'RESERVATION_TIME',
  'STATE_OF_CHARGE',
  'TIME',
] as const;

export const ocpiCdrDimensionSchema = z.object({ type: z.enum(OCPI_CDR_DIMENSION_TYPES), volume: z.number() }).strict();

export const ocpiChargingPeriodSchema = z
  .object({
    start_date_time: ocpiDateTimeSchema,
    dimensions: z.array(ocpiCdrDimensionSchema).min(1),
    tariff_id: ocpiCiString(36).optional(),
  })
  .strict();
export type OcpiChargingPeriod = z.infer<typeof ocpiChargingPeriodSchema>;

export const OCPI_SESSION_STATUSES = ['ACTIVE', 'COMPLETED', 'INVALID', 'PENDING', 'RESERVATION'] as const;

export const ocpiSessionSchema = z
  .object({
    country_code: ocpiCiString(2).length(2),
    party_id: ocpiCiString(3).length(3),
    id: ocpiCiString(36).min(1),
    start_date_time: ocpiDateTimeSchema,
    end_date_time: ocpiDateTimeSchema.optional(),
    kwh: z.number().min(0),
    cdr_token: ocpiCdrTokenSchema,
    auth_method: z.enum(OCPI_AUTH_METHODS),
    authorization_reference: ocpiCiString(36).optional(),
    location_id: ocpiCiString(36).min(1),
    evse_uid: ocpiCiString(36).min(1),
    connector_id: ocpiCiString(36).min(1),
    meter_id: z.string().max(255).optional(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    charging_periods: z.array(ocpiChargingPeriodSchema).optional(),
    total_cost: ocpiPriceSchema.optional(),
    status: z.enum(OCPI_SESSION_STATUSES),
    last_updated: ocpiDateTimeSchema,
  })
  .strict();
export type OcpiSession = z.infer<typeof ocpiSessionSchema>;

/** A PATCH of a Session ("PATCH Method"): any fields, last_updated always. */
export const ocpiSessionPatchSchema = ocpiSessionSchema.partial().required({ last_updated: true });
export type OcpiSessionPatch = z.infer<typeof ocpiSessionPatchSchema>;
