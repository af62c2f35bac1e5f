import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { ApiError } from '../../../lib/api-error.ts';
import { ChunkLoadTimeoutError } from '../../../lib/lazy-with-timeout.ts';
import { SignInError, type SignInFailure } from './sign-in-error.ts';

export type SignInProblem = { title: string; detail: string };

const AGAIN = 'Go back to sign in and try again.';

const FAILURES: Record<SignInFailure, SignInProblem> = {
  'not-configured': { title: 'Single sign-on is not available', detail: 'Single sign-on is not configured on this server. Ask your administrator.' },
  unreachable: { title: 'The identity provider cannot be reached', detail: `Check your connection; the provider may be down. ${AGAIN}` },
  'missing-code': {
    title: 'The sign-in did not complete',
    detail: `The identity provider sent you back without a sign-in code (missing code). ${AGAIN}`,
  },
  'mix-up': {
    title: 'This answer came from the wrong identity provider',
    detail: `The sign-in was started with one identity provider but the answer names another, so it was refused. ${AGAIN}`,
  },
  'state-mismatch': {
    title: 'This sign-in could not be matched',
    detail: `The answer does not belong to a sign-in started in this browser tab (state mismatch). It may have expired, been opened in another tab, or been altered. ${AGAIN}`,
  },
};

const PROVIDER_ERRORS: Record<string, SignInProblem> = {
  access_denied: { title: 'Sign-in was cancelled', detail: `The sign-in was cancelled at the identity provider, or it refused access. ${AGAIN}` },
  invalid_grant: {
    title: 'The sign-in code was not accepted',
    detail: `The code from the identity provider has expired or was already used (invalid grant). ${AGAIN}`,
  },
  login_required: { title: 'Please sign in at the identity provider', detail: `The identity provider needs you to sign in. ${AGAIN}` },
};

/** Library messages that mean the answer does not match what this tab stored when it started. */
const STATE_MESSAGES = /no matching state|no state in response/i;

/** Turns whatever ended a sign-in into words for the auth error screen. */
export const describeSignInError = (error: unknown): SignInProblem => {
  if (error instanceof SignInError) return FAILURES[error.failure];
  if (error instanceof ErrorResponse) {
    const known = error.error ? PROVIDER_ERRORS[error.error] : undefined;
    return (
      known ?? { title: 'The identity provider reported a problem', detail: `${error.error_description ?? error.error ?? 'Unknown error'}. ${AGAIN}` }
    );
  }
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status >= 500) return { title: 'The sign-in could not be completed', detail: error.message };
    return { title: 'You cannot sign in', detail: error.message };
  }
  if (error instanceof ErrorTimeout || error instanceof ChunkLoadTimeoutError) return FAILURES.unreachable;
  if (error instanceof Error && STATE_MESSAGES.test(error.message)) return FAILURES['state-mismatch'];
  return {
    title: 'The sign-in could not be verified',
    detail: `The identity provider's answer did not pass validation (token validation failed). ${AGAIN}`,
  };
};
