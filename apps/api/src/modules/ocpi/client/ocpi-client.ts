import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { checkPartnerUrl, PartnerUrlError } from '../partner-url.ts';
import { authorizationHeaderOf } from '../transport/ocpi-token.ts';

/** A call to a partner that did not succeed: the reason is what an operator reads on the Roaming screen. */
export class OcpiClientError extends Error {
  constructor(
    message: string,
    /** The partner's HTTP status, null when no answer arrived (refused URL, timeout, network). */
    readonly httpStatus: number | null = null,
    /** The OCPI status_code of the partner's envelope, when it sent one. */
    readonly ocpiStatus: number | null = null,
  ) {
    super(message);
  }
}

export type OcpiCall = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The credentials token we present (sent Base64 as 2.2.1 asks). */
  token: string;
  body?: unknown;
  allowPrivate: boolean;
  timeoutMs?: number;
};

const TIMEOUT_MS = 10_000;
/** An envelope this large is not an answer to anything we ask; reading it would only cost memory. */
const MAX_BODY_BYTES = 5_000_000;

const readEnvelope = async (response: Response): Promise<{ data?: unknown; status_code?: unknown; status_message?: unknown } | undefined> => {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) return undefined;
  const text = await response.text();
  if (text.length > MAX_BODY_BYTES) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One OCPI request to a partner: its URL checked first (partner-url.ts), a 10 s limit, no redirects (a redirect
 * could lead past the URL check), new X-Request-ID / X-Correlation-ID, and the answer's envelope read. Anything
 * but HTTP 2xx with status_code 1xxx — or data `schema` refuses — throws OcpiClientError.
 */
export const callOcpi = async <T = unknown>(call: OcpiCall, schema?: z.ZodType<T>): Promise<{ data: T; headers: Headers }> => {
  const what = `${call.method} ${call.url}`;
  try {
    await checkPartnerUrl(call.url, { allowPrivate: call.allowPrivate });
  } catch (error) {
    if (error instanceof PartnerUrlError) throw new OcpiClientError(`${what} refused: ${error.message}`);
    throw error;
  }
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      redirect: 'error',
      signal: AbortSignal.timeout(call.timeoutMs ?? TIMEOUT_MS),
      headers: {
        authorization: authorizationHeaderOf(call.token),
        'x-request-id': randomUUID(),
        'x-correlation-id': randomUUID(),
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new OcpiClientError(
      timedOut ? `${what}: no answer within ${(call.timeoutMs ?? TIMEOUT_MS) / 1000} s` : `${what}: the partner could not be reached`,
    );
  }
  const envelope = await readEnvelope(response);
  const ocpiStatus = typeof envelope?.status_code === 'number' ? envelope.status_code : null;
  const partnerMessage = typeof envelope?.status_message === 'string' ? ` (${envelope.status_message.slice(0, 200)})` : '';
  if (!response.ok) throw new OcpiClientError(`${what} answered HTTP ${response.status}${partnerMessage}`, response.status, ocpiStatus);
  if (ocpiStatus === null) throw new OcpiClientError(`${what} did not answer an OCPI envelope`, response.status);
  if (ocpiStatus >= 2000) throw new OcpiClientError(`${what} answered OCPI status ${ocpiStatus}${partnerMessage}`, response.status, ocpiStatus);
  if (!schema) return { data: envelope?.data as T, headers: response.headers };
  const parsed = schema.safeParse(envelope?.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'data';
    throw new OcpiClientError(`${what} answered data we cannot use: ${where} ${issue?.message ?? 'is invalid'}`, response.status, ocpiStatus);
  }
  return { data: parsed.data, headers: response.headers };
};
