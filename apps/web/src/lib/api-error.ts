import type { ErrorCode } from '@wattdesk/shared/errors';
import { clientErrorMessages } from '@wattdesk/shared/messages';

/** The server's error codes (packages/shared), and NETWORK when no answer came at all. */
export type ApiErrorCode = ErrorCode | 'NETWORK';

/**
 * The server names its codes from the shared catalogue; the catalogue's messages (250 of them) are not read here, so
 * the sign-in page does not carry them (5 KB of its 120 KB budget). A code this build does not know matches no check.
 */
const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value);

/** A failed API call, already turned into the sentence a person should read (spec section 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | undefined;
  readonly messages: string[];
  /** The whole error body, for answers that carry more than messages (e.g. per-row import errors). */
  readonly body: Record<string, unknown>;
  /** The server said what went wrong; otherwise the message is the client's generic one. */
  readonly isServerMessage: boolean;

  constructor(status: number, messages: string[], code?: ApiErrorCode, body?: Record<string, unknown>) {
    super(messages[0] ?? clientErrorMessages.serverError);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messages = messages.length ? messages : [this.message];
    this.isServerMessage = body !== undefined;
    this.body = body ?? {};
  }
}

type ErrorBody = { responseCode?: unknown; msg?: unknown; code?: unknown };

const firstMessages = (body: ErrorBody): string[] =>
  Array.isArray(body.msg) ? body.msg.filter((item): item is string => typeof item === 'string') : [];

/**
 * Spec section 8: a body with responseCode ≥ 400 shows its first msg; 404 shows 'Resource was not found'
 * unless the server said more; anything else 'Server error!'. (401 and network failures are handled
 * before this, by the client.)
 */
export const toApiError = (status: number, body: unknown): ApiError => {
  const parsed: ErrorBody = body && typeof body === 'object' ? body : {};
  const messages = firstMessages(parsed);
  const code = isErrorCode(parsed.code) ? parsed.code : undefined;
  const responseCode = typeof parsed.responseCode === 'number' ? parsed.responseCode : status;
  if (responseCode >= 400 && messages.length) return new ApiError(status, messages, code, parsed);
  if (status === 404) return new ApiError(status, [clientErrorMessages.notFound], code);
  return new ApiError(status, [clientErrorMessages.serverError], code);
};

export const networkError = () => new ApiError(0, [clientErrorMessages.serviceUnavailable], 'NETWORK');

/**
 * What a call's own failure message ('Unable to login', …) gives way to: the server's message when it
 * sent one (spec section 8), and otherwise that failure message rather than a generic one.
 */
export const messageOf = (error: unknown, failureMessage: string): string =>
  error instanceof ApiError && error.isServerMessage ? error.message : failureMessage;
