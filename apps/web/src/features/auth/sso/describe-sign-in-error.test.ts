import { ErrorResponse } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { describeSignInError } from './describe-sign-in-error.ts';
import { SignInError } from './sign-in-error.ts';

describe('auth error screen wording', () => {
  it.each([
    [new ErrorResponse({ error: 'access_denied', error_description: 'The user cancelled the sign-in' }), 'Sign-in was cancelled'],
    [new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' }), 'The sign-in code was not accepted'],
    [new Error('No matching state found in storage'), 'This sign-in could not be matched'],
    [new SignInError('state-mismatch'), 'This sign-in could not be matched'],
    [new SignInError('missing-code'), 'The sign-in did not complete'],
    [new SignInError('mix-up'), 'This answer came from the wrong identity provider'],
    [new Error('nonce in id_token does not match nonce in client storage'), 'The sign-in could not be verified'],
    [new ApiError(403, ['Your account is not in a group that may use the dashboard']), 'You cannot sign in'],
  ])('%s → %s', (error, title) => {
    const problem = describeSignInError(error);
    expect(problem.title).toBe(title);
    expect(problem.detail.length).toBeGreaterThan(20);
  });

  it('says what the provider said when it is not one we know, and passes the server’s refusal on word for word', () => {
    expect(describeSignInError(new ErrorResponse({ error: 'temporarily_unavailable', error_description: 'Try later' })).detail).toContain(
      'Try later',
    );
    expect(describeSignInError(new ApiError(401, ['The sign-in has expired. Please sign in again'])).detail).toBe(
      'The sign-in has expired. Please sign in again',
    );
  });
});
