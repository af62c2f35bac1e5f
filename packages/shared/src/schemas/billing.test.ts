import { describe, expect, it } from 'vitest';
import '../zod-messages.ts';
import { createLicenseBodySchema, subscriptionBodySchema } from './billing.ts';

const locationId = '5b7c1d7e-9a53-4d2b-8a8e-0b1f3a9c2d11';
const idempotencyKey = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const messages = (schema: typeof subscriptionBodySchema | typeof createLicenseBodySchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('billing schemas', () => {
  it('a plan change names a plan by its key and carries an idempotency key', () => {
    expect(messages(subscriptionBodySchema, { locationId, planId: 'standard', idempotencyKey })).toEqual([]);
    // Plans come from the catalogue file (decision 080): the server refuses a key it does not hold; the shape is checked here.
    expect(messages(subscriptionBodySchema, { locationId, planId: 'Gold plan!', idempotencyKey })).toEqual(['Choose one of the plans']);
    expect(messages(subscriptionBodySchema, { locationId, planId: 7, idempotencyKey })).toEqual(['Choose one of the plans']);
    expect(messages(subscriptionBodySchema, { locationId, planId: 'basic', idempotencyKey: 'short' })).toEqual([
      'Idempotency key must be 16 to 64 letters, digits, - or _',
    ]);
    expect(messages(subscriptionBodySchema, { locationId, planId: 'basic' })).toEqual(['Idempotency key is required']);
  });

  it('licence seats are a whole number from 1 to 1,000', () => {
    expect(messages(createLicenseBodySchema, { locationId, seats: 3, idempotencyKey })).toEqual([]);
    expect(messages(createLicenseBodySchema, { locationId, seats: 0, idempotencyKey })).toEqual(['Seats must be at least 1']);
    expect(messages(createLicenseBodySchema, { locationId, seats: 2.5, idempotencyKey })).toEqual(['Seats must be a whole number']);
    expect(messages(createLicenseBodySchema, { locationId, seats: 1001, idempotencyKey })).toEqual(['Seats must be at most 1,000']);
  });
});
