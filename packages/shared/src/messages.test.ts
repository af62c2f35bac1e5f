import { describe, expect, it } from 'vitest';
import { clientErrorMessages, failureMessages, networkMessages, successMessages, validationMessages } from './messages.ts';

/** The spec's sentences are requirements: a changed character is a defect. */
describe('spec messages, word for word', () => {
  it('client error handling (section 8)', () => {
    expect(clientErrorMessages).toEqual({
      notFound: 'Resource was not found',
      serviceUnavailable: 'Service unavailable',
      serverError: 'Server error!',
      unhandledRejection: 'Something went wrong on the server',
      tokenNotFound: 'Token not found! Please try again',
    });
  });
  it('failure messages (section 8)', () => {
    expect(Object.values(failureMessages)).toEqual([
      'Unable to Logout current User',
      'Unable to login',
      'Unable to schedule the chargers',
      'selected chargers are already booked for the given time',
      'Unable to update payment information',
      'Unable to update Fee information',
      'Unable to update Violation information',
      'Subscription activation failed',
      'Unable to update subscription',
      'transfer failed',
      'balance not found',
      'customerRevenueShare not found',
      'Unable to send password reset link',
      'Unable to reset your password',
      'Unable to update driver restrictions',
      'Unable to upload your document',
      'Unable to save your bank account',
      'Unable to update your bank account',
      'Unable to remove your bank account',
      'Unable to Add Bank Account!!',
      'Unable to add Xeal deal',
      'Unable to connect Stripe',
      'Unable to add utility config',
      'Unable to remove utility config',
      'Stripe authorization failed. Try again later, for more information contact the provider.',
      'There was an error. An error occurred, or the agreement has already been signed. Please contact support',
    ]);
  });
  it('success messages (section 8)', () => {
    expect(Object.values(successMessages)).toEqual([
      'Logged in Successfully',
      'payment, fee and violation information updated',
      'selected chargers are in maintenance now',
      'subscription activated',
      'subscription updated',
      'password reset link sent',
      'driver restrictions updated',
      'document uploaded',
      'bank account saved',
      'bank account updated',
      'bank account removed',
      'deal added',
      'utility config updated',
      'utility config removed',
      'Submission Successful. You should receive a confirmation email shortly.',
    ]);
  });
  it('our own messages in the spec voice', () => {
    expect(networkMessages).toEqual({
      chargersOutOfMaintenance: 'selected chargers are back in service now',
      companyUpdated: 'company information updated',
      updateCompany: 'Unable to update company information',
    });
  });
  it('validation messages with a field name (section 5)', () => {
    expect(validationMessages.required('Name')).toBe('Name Field is required');
    expect(validationMessages.alphabetic('Name')).toBe('Name Should be alphabetic only');
    expect(validationMessages.fillThisField).toBe('Please fill this field');
  });
});
