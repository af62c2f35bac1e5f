import type { RefreshTokenResponse } from '@wattdesk/shared/schemas/auth';
import { ApiError, networkError, toApiError } from './api-error.ts';
import { useSession } from './session-store.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { isTokenExpiring, RenewalThrottle } from './session-timing.ts';

export type QueryValue = string | number | boolean | null | undefined;
export type RequestOptions = {
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  body?: unknown;
  signal?: AbortSignal;
  /** Calls such as login must not try a token refresh on 401. */
  authenticated?: boolean;
  /** Extra request headers (a DPoP proof). */
  headers?: Record<string, string>;
};

let baseUrl = '';
/** Tests point the client at a real local server; the app uses its own origin. */
export const setApiBaseUrl = (url: string) => {
  baseUrl = url.replace(/\/$/, '');
};

/** GET parameters drop null values (spec section 7). */
export const buildUrl = (path: string, query: RequestOptions['query'] = {}): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== null && item !== undefined) params.append(key, String(item));
  }
  const search = params.toString();
  return `${baseUrl}/web${path}${search ? `?${search}` : ''}`;
};

const send = async (method: string, path: string, options: RequestOptions): Promise<Response> => {
  // The page's language, not the browser's: the API answers its messages in it (issue 44).
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json', 'accept-language': useLanguage.getState().locale };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const token = useSession.getState().user?.access_token;
  if (options.authenticated !== false && token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      // A FormData body (file upload) is sent as multipart; the browser sets its boundary.
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
      // Sign-in answers set the HttpOnly refresh cookie and the refresh call sends it back.
      credentials: 'include',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

let refreshing: Promise<boolean> | null = null;
const renewals = new RenewalThrottle();

/**
 * One refresh at a time: parallel 401s wait for the same renewal, because the server treats a second
 * use of a rotated refresh token as theft and ends the session.
 */
export const refreshSession = (): Promise<boolean> => {
  refreshing ??= (async () => {
    if (!useSession.getState().user || !renewals.tryRenew()) return false;
    try {
      // No token in the body: the HttpOnly cookie set at sign-in carries it, and binds the sign-in to this browser.
      const response = await send('POST', '/users/refresh-token', { body: {}, authenticated: false });
      if (!response.ok) return false;
      useSession.getState().updateTokens((await response.json()) as RefreshTokenResponse);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/**
 * Sends; an access token within 30 s of its expiry is renewed first (spec section 9). On 401 refreshes and
 * repeats once; if that fails, forced logout (spec section 8).
 */
const sendWithRefresh = async (method: string, path: string, options: RequestOptions): Promise<Response> => {
  const user = useSession.getState().user;
  if (options.authenticated !== false && user && isTokenExpiring(user.access_token)) await refreshSession();
  let response = await send(method, path, options);
  if (response.status === 401 && options.authenticated !== false && useSession.getState().user) {
    if (await refreshSession()) {
      response = await send(method, path, options);
    }
    if (response.status === 401) {
      const error = toApiError(401, await readJson(response));
      useSession.getState().forceSignOut();
      throw error;
    }
  }
  return response;
};

export const apiRequest = async <T>(method: string, path: string, options: RequestOptions = {}): Promise<T> => {
  const response = await sendWithRefresh(method, path, options);
  const body = await readJson(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
};

const filenameOf = (response: Response, fallback: string) =>
  /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/** Reads a streamed answer chunk by chunk, telling how many bytes have arrived (a large report's progress). */
const readWithProgress = async (response: Response, onProgress: (bytes: number) => void): Promise<Blob> => {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? undefined });
};

/**
 * A report downloaded as a file via a GET with query parameters (spec section 7): fetched with the bearer
 * token (so it cannot be a plain link), then handed to the browser as a download. Answers the file name.
 */
export const downloadFile = async (
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal'> & { fallbackName: string; onProgress?: (bytes: number) => void },
): Promise<string> => {
  const response = await sendWithRefresh('GET', path, options);
  if (!response.ok) throw toApiError(response.status, await readJson(response));
  const blob = options.onProgress ? await readWithProgress(response, options.onProgress) : await response.blob();
  const name = filenameOf(response, options.fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
};

/** A file answer (a PDF download), with the same refresh and error handling as JSON calls. */
export const apiBlob = async (path: string, options: RequestOptions = {}): Promise<Blob> => {
  const response = await sendWithRefresh('GET', path, options);
  if (!response.ok) throw toApiError(response.status, await readJson(response));
  return response.blob();
};

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
  download: downloadFile,
  getBlob: apiBlob,
};

/** Tests start each case with a fresh renewal budget. */
export const resetRenewalThrottle = () => renewals.reset();

export { ApiError };
