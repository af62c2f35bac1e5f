import { OCPI_STATUS, type OcpiStatusCode } from '@wattdesk/shared';

/** Now as OCPI's DateTime: UTC, whole seconds. */
const ocpiTimestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** OCPI's response envelope ("Transport and format" → "Response format"): every answer, errors included. */
export type OcpiEnvelope<T> = { data?: T; status_code: number; status_message?: string; timestamp: string };

export const ocpiEnvelope = <T>(data: T | undefined, statusCode: OcpiStatusCode = OCPI_STATUS.SUCCESS, message?: string): OcpiEnvelope<T> => ({
  ...(data === undefined ? {} : { data }),
  status_code: statusCode,
  ...(message ? { status_message: message } : {}),
  timestamp: ocpiTimestamp(),
});

/** The success envelope around data that is already JSON (kept copies of objects), without parsing it again. */
export const ocpiEnvelopeAround = (dataJson: string) => `{"data":${dataJson},"status_code":${OCPI_STATUS.SUCCESS},"timestamp":"${ocpiTimestamp()}"}`;

/**
 * A refusal in OCPI's terms: the HTTP status the transport chapter prescribes (401 for credentials, 404 for an
 * unknown object, 405 for a repeated registration) with the OCPI status code in the envelope.
 */
export class OcpiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: OcpiStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const ocpiErrors = {
  unauthorized: (message = 'Unknown or missing credentials token') => new OcpiError(401, OCPI_STATUS.CLIENT_ERROR, message),
  invalid: (message: string) => new OcpiError(400, OCPI_STATUS.INVALID_PARAMETERS, message),
  notFound: (message = 'Object not found') => new OcpiError(404, OCPI_STATUS.CLIENT_ERROR, message),
  unknownLocation: (message = 'Unknown location') => new OcpiError(404, OCPI_STATUS.UNKNOWN_LOCATION, message),
  unknownToken: (message = 'Unknown token') => new OcpiError(404, OCPI_STATUS.UNKNOWN_TOKEN, message),
  methodNotAllowed: (message: string) => new OcpiError(405, OCPI_STATUS.CLIENT_ERROR, message),
};
