import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { ApiError } from '../../../lib/api-error.ts';
import { ChunkLoadTimeoutError } from '../../../lib/lazy-with-timeout.ts';
import { SignInError, type SignInFailure } from './sign-in-error.ts';
import { englishOf } from '../../../i18n/use-t.ts';
import { signInStepsText, type SignInStepsKey, type SignInStepsT } from '../sign-in-steps-text.ts';

export type SignInProblem = { title: string; detail: string };

/** A problem's title and detail in the catalogue; `again` adds the way back to the detail. */
type Known = { title: SignInStepsKey; detail: SignInStepsKey; again: boolean };

const FAILURES: Record<SignInFailure, Known> = {
  'not-configured': { title: 'problem.notConfigured.title', detail: 'problem.notConfigured.detail', again: false },
  unreachable: { title: 'problem.unreachable.title', detail: 'problem.unreachable.detail', again: true },
  'missing-code': { title: 'problem.missingCode.title', detail: 'problem.missingCode.detail', again: true },
  'mix-up': { title: 'problem.mixUp.title', detail: 'problem.mixUp.detail', again: true },
  'state-mismatch': { title: 'problem.stateMismatch.title', detail: 'problem.stateMismatch.detail', again: true },
};

const PROVIDER_ERRORS: Record<string, Known> = {
  access_denied: { title: 'problem.accessDenied.title', detail: 'problem.accessDenied.detail', again: true },
  invalid_grant: { title: 'problem.invalidGrant.title', detail: 'problem.invalidGrant.detail', again: true },
  login_required: { title: 'problem.loginRequired.title', detail: 'problem.loginRequired.detail', again: true },
};

/** Library messages that mean the answer does not match what this tab stored when it started. */
const STATE_MESSAGES = /no matching state|no state in response/i;

/**
 * Turns whatever ended a sign-in into words for the auth error screen, in the page's language (English without a
 * translator). The provider's own words and the server's refusal (already in the page's language) are passed on.
 */
export const describeSignInError = (error: unknown, t: SignInStepsT = englishOf(signInStepsText)): SignInProblem => {
  const again = t('problem.again');
  const words = ({ title, detail, again: addAgain }: Known): SignInProblem => ({
    title: t(title),
    detail: addAgain ? `${t(detail)} ${again}` : t(detail),
  });
  if (error instanceof SignInError) return words(FAILURES[error.failure]);
  if (error instanceof ErrorResponse) {
    const known = error.error ? PROVIDER_ERRORS[error.error] : undefined;
    if (known) return words(known);
    return { title: t('problem.provider.title'), detail: `${error.error_description ?? error.error ?? t('problem.provider.unknown')}. ${again}` };
  }
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status >= 500) return { title: t('problem.notCompleted.title'), detail: error.message };
    return { title: t('problem.refused.title'), detail: error.message };
  }
  if (error instanceof ErrorTimeout || error instanceof ChunkLoadTimeoutError) return words(FAILURES.unreachable);
  if (error instanceof Error && STATE_MESSAGES.test(error.message)) return words(FAILURES['state-mismatch']);
  return { title: t('problem.unverified.title'), detail: `${t('problem.unverified.detail')} ${again}` };
};
