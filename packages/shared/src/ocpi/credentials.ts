import { z } from 'zod';
import { ocpiId } from './types.ts';

/**
 * The Credentials module's objects and the version information a registration reads (2.2.1 "Credentials
 * module" → "Credentials object", "CredentialsRole class"; "Versions module" → "Version class", "Endpoint
 * class"; Locations → "BusinessDetails class", "Image class"). Partner-sent objects are not `.strict()`: a
 * partner may add fields, only what we read has to be right.
 */
const url = z.url({ error: 'must be a full http(s) URL' }).max(255, 'must be at most 255 characters');

export const OCPI_ROLES = ['CPO', 'EMSP', 'HUB', 'NAP', 'NSP', 'OTHER', 'SCSP'] as const;
export const OCPI_MODULE_IDS = [
  'cdrs',
  'chargingprofiles',
  'commands',
  'credentials',
  'hubclientinfo',
  'locations',
  'sessions',
  'tariffs',
  'tokens',
] as const;

export const ocpiImageSchema = z.object({
  url,
  thumbnail: url.optional(),
  category: z.string().max(32),
  type: z.string().max(4),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});

export const ocpiBusinessDetailsSchema = z.object({ name: z.string().min(1).max(100), website: url.optional(), logo: ocpiImageSchema.optional() });

export const ocpiCredentialsRoleSchema = z.object({
  role: z.enum(OCPI_ROLES),
  business_details: ocpiBusinessDetailsSchema,
  party_id: ocpiId(3),
  country_code: z.string().length(2),
});
export type OcpiCredentialsRole = z.infer<typeof ocpiCredentialsRoleSchema>;

/** "Case Sensitive, ASCII only ... Not encoded in Base64": printable ASCII without spaces, up to 64. */
export const ocpiCredentialsTokenSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

export const ocpiCredentialsSchema = z.object({
  token: ocpiCredentialsTokenSchema,
  url,
  roles: z
    .array(ocpiCredentialsRoleSchema)
    .min(1)
    .max(50)
    .refine(
      (roles) => new Set(roles.map((role) => `${role.role}/${role.country_code.toUpperCase()}/${role.party_id.toUpperCase()}`)).size === roles.length,
      'every role needs a unique combination of role, party_id and country_code',
    ),
});
export type OcpiCredentials = z.infer<typeof ocpiCredentialsSchema>;

export const ocpiVersionListSchema = z.array(z.object({ version: z.string().max(10), url })).max(50);

export const ocpiEndpointSchema = z.object({
  // Modules we do not know (custom ones) are kept out by the reader, not refused: identifier is free text here.
  identifier: z.string().min(1).max(50),
  role: z.enum(['SENDER', 'RECEIVER']),
  url,
});
export const ocpiVersionDetailsSchema = z.object({ version: z.string().max(10), endpoints: z.array(ocpiEndpointSchema).min(1).max(100) });
