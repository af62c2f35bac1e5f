/** Problems our own checks find in a provider's answer, besides those the library reports. */
export type SignInFailure = 'not-configured' | 'unreachable' | 'missing-code' | 'mix-up' | 'state-mismatch';

export class SignInError extends Error {
  constructor(
    readonly failure: SignInFailure,
    message: string = failure,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}
