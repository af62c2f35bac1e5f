import { ocpiAuthorizationInfoSchema, type OcpiAuthorizationInfo, type OcpiLocationReferences } from '@wattdesk/shared';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authorizationHeaderOf } from './transport/ocpi-token.ts';

/** What the eMSP said: its AuthorizationInfo, that it does not know the token, or nothing usable (down, slow, garbled). */
export type RealtimeAnswer = { kind: 'answer'; info: OcpiAuthorizationInfo } | { kind: 'unknown' } | { kind: 'unreachable'; reason: string };

const envelopeSchema = z.object({ status_code: z.number(), status_message: z.string().optional(), data: z.unknown().optional() });

/**
 * Real-time authorization (2.2.1 Tokens, Sender interface, POST `{tokens_endpoint_url}{token_uid}/authorize[?type=]`)
 * with the location the driver stands at. A driver waits at the charger meanwhile, so the call has a short deadline:
 * past it the eMSP counts as unreachable and the token's whitelist type decides what that means.
 */
export const requestRealtimeAuthorization = async ({
  tokensUrl,
  credentialsToken,
  uid,
  type,
  location,
  timeoutMs,
}: {
  tokensUrl: string;
  credentialsToken: string;
  uid: string;
  type: string;
  location: OcpiLocationReferences;
  timeoutMs: number;
}): Promise<RealtimeAnswer> => {
  const url = `${tokensUrl.replace(/\/+$/, '')}/${encodeURIComponent(uid)}/authorize?type=${encodeURIComponent(type)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: authorizationHeaderOf(credentialsToken),
        'content-type': 'application/json',
        'x-request-id': randomUUID(),
        'x-correlation-id': randomUUID(),
      },
      body: JSON.stringify(location),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return {
      kind: 'unreachable',
      reason: error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'connection failed',
    };
  }
  const envelope = envelopeSchema.safeParse(await response.json().catch(() => undefined));
  // "When the eMSP does not know the Token, the eMSP SHALL respond with an HTTP status code: 404" and 2004.
  if (response.status === 404 || envelope.data?.status_code === 2004) return { kind: 'unknown' };
  if (!response.ok || !envelope.success) return { kind: 'unreachable', reason: `HTTP ${response.status}` };
  if (envelope.data.status_code < 1000 || envelope.data.status_code >= 2000)
    return { kind: 'unreachable', reason: `OCPI status ${envelope.data.status_code} ${envelope.data.status_message ?? ''}`.trim() };
  const info = ocpiAuthorizationInfoSchema.safeParse(envelope.data.data);
  return info.success ? { kind: 'answer', info: info.data } : { kind: 'unreachable', reason: 'the answer is not an AuthorizationInfo' };
};
