import { z } from 'zod';
import { ocpiDisplayTextSchema, ocpiId, ocpiInboundDateTimeSchema } from './types.ts';

/**
 * OCPI 2.2.1 Commands module (mod_commands.asciidoc), written from the 2.2.1 text: what a partner (the Sender,
 * an eMSP) posts to our Receiver interface, and the CommandResponse / CommandResult we answer with.
 */

export const OCPI_COMMAND_TYPES = ['CANCEL_RESERVATION', 'RESERVE_NOW', 'START_SESSION', 'STOP_SESSION', 'UNLOCK_CONNECTOR'] as const;
export const ocpiCommandTypeSchema = z.enum(OCPI_COMMAND_TYPES);
export type OcpiCommandType = z.infer<typeof ocpiCommandTypeSchema>;

/** CommandResponseType: our own, immediate answer (not the charger's). */
export const ocpiCommandResponseTypeSchema = z.enum(['NOT_SUPPORTED', 'REJECTED', 'ACCEPTED', 'UNKNOWN_SESSION']);
export type OcpiCommandResponseType = z.infer<typeof ocpiCommandResponseTypeSchema>;

/** CommandResultType: what the charger did, posted later to the Sender's response_url. */
export const ocpiCommandResultTypeSchema = z.enum([
  'ACCEPTED',
  'CANCELED_RESERVATION',
  'EVSE_OCCUPIED',
  'EVSE_INOPERATIVE',
  'FAILED',
  'NOT_SUPPORTED',
  'REJECTED',
  'TIMEOUT',
  'UNKNOWN_RESERVATION',
]);
export type OcpiCommandResultType = z.infer<typeof ocpiCommandResultTypeSchema>;

/** URL: an http(s) address of at most 255 characters (types.asciidoc "URL"). */
const url = z
  .string()
  .max(255)
  .url()
  .regex(/^https?:\/\//i, 'an http(s) URL');

/** EVSE.uid is CiString(36); ours are the charger's own id and the connector number (ids.ts). */
const evseUid = ocpiId(36);

export type OcpiDisplayText = z.infer<typeof ocpiDisplayTextSchema>;

/** The Token object (mod_tokens.asciidoc) as a command carries it; the CPO stores nothing of it beyond the command. */
export const ocpiCommandTokenSchema = z.object({
  country_code: ocpiId(2),
  party_id: ocpiId(3),
  uid: ocpiId(36),
  type: z.enum(['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID']),
  contract_id: ocpiId(36),
  visual_number: z.string().max(64).optional(),
  issuer: z.string().max(64),
  group_id: ocpiId(36).optional(),
  valid: z.boolean(),
  whitelist: z.enum(['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER']),
  language: z.string().length(2).optional(),
  default_profile_type: z.enum(['CHEAP', 'FAST', 'GREEN', 'REGULAR']).optional(),
  energy_contract: z.object({ supplier_name: z.string().max(64), contract_id: z.string().max(64).optional() }).optional(),
  last_updated: ocpiInboundDateTimeSchema,
});
export type OcpiCommandToken = z.infer<typeof ocpiCommandTokenSchema>;

export const ocpiCancelReservationSchema = z.object({ response_url: url, reservation_id: ocpiId(36) });
export type OcpiCancelReservation = z.infer<typeof ocpiCancelReservationSchema>;

export const ocpiReserveNowSchema = z.object({
  response_url: url,
  token: ocpiCommandTokenSchema,
  expiry_date: ocpiInboundDateTimeSchema,
  reservation_id: ocpiId(36),
  location_id: ocpiId(36),
  evse_uid: evseUid.optional(),
  authorization_reference: ocpiId(36).optional(),
});
export type OcpiReserveNow = z.infer<typeof ocpiReserveNowSchema>;

export const ocpiStartSessionSchema = z
  .object({
    response_url: url,
    token: ocpiCommandTokenSchema,
    location_id: ocpiId(36),
    evse_uid: evseUid.optional(),
    connector_id: ocpiId(36).optional(),
    authorization_reference: ocpiId(36).optional(),
  })
  .refine((body) => body.connector_id === undefined || body.evse_uid !== undefined, {
    message: 'evse_uid is required when connector_id is set',
    path: ['evse_uid'],
  });
export type OcpiStartSession = z.infer<typeof ocpiStartSessionSchema>;

export const ocpiStopSessionSchema = z.object({ response_url: url, session_id: ocpiId(36) });
export type OcpiStopSession = z.infer<typeof ocpiStopSessionSchema>;

export const ocpiUnlockConnectorSchema = z.object({
  response_url: url,
  location_id: ocpiId(36),
  evse_uid: evseUid,
  connector_id: ocpiId(36),
});
export type OcpiUnlockConnector = z.infer<typeof ocpiUnlockConnectorSchema>;

/** The body each command takes ("Request Body": one of five). */
export const ocpiCommandBodySchemas = {
  CANCEL_RESERVATION: ocpiCancelReservationSchema,
  RESERVE_NOW: ocpiReserveNowSchema,
  START_SESSION: ocpiStartSessionSchema,
  STOP_SESSION: ocpiStopSessionSchema,
  UNLOCK_CONNECTOR: ocpiUnlockConnectorSchema,
} as const;

export const ocpiCommandResponseSchema = z.object({
  result: ocpiCommandResponseTypeSchema,
  timeout: z.number().int().nonnegative(),
  message: z.array(ocpiDisplayTextSchema).optional(),
});
export type OcpiCommandResponse = z.infer<typeof ocpiCommandResponseSchema>;

export const ocpiCommandResultSchema = z.object({
  result: ocpiCommandResultTypeSchema,
  message: z.array(ocpiDisplayTextSchema).optional(),
});
export type OcpiCommandResult = z.infer<typeof ocpiCommandResultSchema>;
