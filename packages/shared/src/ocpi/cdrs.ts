import { z } from 'zod';
import { ocpiCiString, ocpiDateTimeSchema } from './types.ts';
import { ocpiTariffSchema } from '../schemas/ocpi.ts';
import { OCPI_CONNECTOR_FORMATS, OCPI_POWER_TYPES } from './locations.ts';
import { OCPI_AUTH_METHODS, ocpiCdrTokenSchema, ocpiChargingPeriodSchema, ocpiPriceSchema } from './sessions.ts';

/* OCPI 2.2.1 CDRs module (mod_cdrs.asciidoc "CDR Object", "CdrLocation class", "SignedData class", "SignedValue class"). */

/** mod_locations.asciidoc "GeoLocation class": decimal degrees as strings. */
const geoLocation = z
  .object({
    latitude: z.string().regex(/^-?[0-9]{1,2}\.[0-9]{5,7}$/),
    longitude: z.string().regex(/^-?[0-9]{1,3}\.[0-9]{5,7}$/),
  })
  .strict();

export const ocpiCdrLocationSchema = z
  .object({
    id: ocpiCiString(36).min(1),
    name: z.string().max(255).optional(),
    address: z.string().max(45),
    city: z.string().max(45),
    postal_code: z.string().max(10).optional(),
    state: z.string().max(20).optional(),
    country: z.string().regex(/^[A-Z]{3}$/),
    coordinates: geoLocation,
    evse_uid: ocpiCiString(36).min(1),
    evse_id: ocpiCiString(48).min(1),
    connector_id: ocpiCiString(36).min(1),
    /** ConnectorType enum (mod_locations.asciidoc); its list is long and grows, so any upper-case name. */
    connector_standard: z.string().regex(/^[A-Z0-9_]+$/),
    connector_format: z.enum(OCPI_CONNECTOR_FORMATS),
    connector_power_type: z.enum(OCPI_POWER_TYPES),
  })
  .strict();
export type OcpiCdrLocation = z.infer<typeof ocpiCdrLocationSchema>;

const signedValue = z.object({ nature: ocpiCiString(32), plain_data: z.string().max(512), signed_data: z.string().max(5000) }).strict();

export const ocpiSignedDataSchema = z
  .object({
    encoding_method: ocpiCiString(36),
    encoding_method_version: z.number().int().optional(),
    public_key: z.string().max(512).optional(),
    signed_values: z.array(signedValue).min(1),
    url: z.string().max(512).optional(),
  })
  .strict();

export const ocpiCdrSchema = z
  .object({
    country_code: ocpiCiString(2).length(2),
    party_id: ocpiCiString(3).length(3),
    id: ocpiCiString(39).min(1),
    start_date_time: ocpiDateTimeSchema,
    end_date_time: ocpiDateTimeSchema,
    session_id: ocpiCiString(36).optional(),
    cdr_token: ocpiCdrTokenSchema,
    auth_method: z.enum(OCPI_AUTH_METHODS),
    authorization_reference: ocpiCiString(36).optional(),
    cdr_location: ocpiCdrLocationSchema,
    meter_id: z.string().max(255).optional(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    tariffs: z.array(ocpiTariffSchema).optional(),
    charging_periods: z.array(ocpiChargingPeriodSchema).min(1),
    signed_data: ocpiSignedDataSchema.optional(),
    total_cost: ocpiPriceSchema,
    total_fixed_cost: ocpiPriceSchema.optional(),
    total_energy: z.number().min(0),
    total_energy_cost: ocpiPriceSchema.optional(),
    total_time: z.number().min(0),
    total_time_cost: ocpiPriceSchema.optional(),
    total_parking_time: z.number().min(0).optional(),
    total_parking_cost: ocpiPriceSchema.optional(),
    total_reservation_cost: ocpiPriceSchema.optional(),
    remark: z.string().max(255).optional(),
    invoice_reference_id: ocpiCiString(39).optional(),
    credit: z.boolean().optional(),
    credit_reference_id: ocpiCiString(39).optional(),
    home_charging_compensation: z.boolean().optional(),
    last_updated: ocpiDateTimeSchema,
  })
  .strict();
export type OcpiCdr = z.infer<typeof ocpiCdrSchema>;
