import { describe, expect, it } from 'vitest';
import '../zod-messages.ts';
import { createAgreementBodySchema, signTermsBodySchema } from './agreements.ts';

const valid = {
  locationId: '5b7c1d7e-9a53-4d2b-8a8e-0b1f3a9c2d11',
  accountName: 'Harbor LLC',
  signerName: 'Zoë de la Cruz',
  signerEmail: 'zoe@example.com',
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
};
const messages = (input: unknown) => {
  const parsed = createAgreementBodySchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('agreement schemas', () => {
  it('accepts a minimal agreement: property and address come from the location', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('words its failures as the spec does', () => {
    expect(messages({ ...valid, accountName: '  ' })).toEqual(['Account name Field is required']);
    expect(messages({ ...valid, signerName: 'R2-D2' })).toEqual(['Signer name Should be alphabetic only']);
    expect(messages({ ...valid, signerEmail: 'nope' })).toEqual(['Please enter a valid email-id']);
    expect(messages({ ...valid, expiresAt: '2020-01-01T00:00:00Z' })).toEqual(['Expires at must be in the future']);
    expect(messages({ ...valid, expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() })).toEqual(['Expires at must be within 365 days']);
  });

  it('needs a token to sign', () => {
    const parsed = signTermsBodySchema.safeParse({});
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual(['Token id Field is required']);
  });
});
