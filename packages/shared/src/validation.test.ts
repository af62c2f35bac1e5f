import { describe, expect, it } from 'vitest';
import {
  validateAlphabetic,
  validateDocumentSize,
  validateEmail,
  validateForgotPasswordEmail,
  validateLoginEmail,
  validateLoginPassword,
  validateNewPassword,
  validateNonNegativeNumber,
  validatePassword,
  validatePhotoSize,
  validateRequired,
  validateRequiredFields,
  validateRetypedPassword,
} from './validation.ts';

describe('e-mail rules (spec section 5)', () => {
  it('general pattern', () => {
    expect(validateEmail('dana.chen@example.com')).toBeUndefined();
    expect(validateEmail('dana.chen@example')).toBe('Please enter a valid email-id');
    expect(validateEmail('dana chen@example.com')).toBe('Please enter a valid email-id');
  });
  it('login screen: required, then valid', () => {
    expect(validateLoginEmail('')).toBe('Please enter your email address');
    expect(validateLoginEmail('   ')).toBe('Please enter your email address');
    expect(validateLoginEmail('a@b')).toBe('Please enter a valid email address');
    expect(validateLoginEmail(' admin@example.com ')).toBeUndefined();
  });
  it('forgot-password popup: its own wording', () => {
    expect(validateForgotPasswordEmail('')).toBe('Please enter email');
    expect(validateForgotPasswordEmail('x@')).toBe('Enter a valid email');
    expect(validateForgotPasswordEmail('x@y.io')).toBeUndefined();
  });
});

describe('password rules', () => {
  const rule = 'Password needs to be at least 8 character long containing number, upper, lower and special case';
  it.each([
    ['Charge#2026', undefined],
    ['Ch#20', rule],
    ['charge#2026', rule],
    ['CHARGE#2026', rule],
    ['Charge#abcd', rule],
    ['Charge2026x', rule],
    ['Charge_2026', rule],
  ])('general rule: %s', (password, expected) => {
    expect(validatePassword(password)).toBe(expected);
  });
  it('accepts every special character of the spec list', () => {
    for (const special of '#?!@$%^&*-') expect(validatePassword(`Abcdef1${special}`)).toBeUndefined();
  });
  it('login step only requires a value', () => {
    expect(validateLoginPassword('')).toBe('Please enter your password');
    expect(validateLoginPassword('x')).toBeUndefined();
  });
  it('reset screen: required, character classes, then length', () => {
    expect(validateNewPassword('')).toBe('Please enter new password');
    expect(validateNewPassword('password1!')).toBe('Password must contain a special character(^@$), number(0-9), uppercase(A-Z) and lowercase(a-z)');
    expect(validateNewPassword('Aa1$')).toBe(rule);
    expect(validateNewPassword('Fresh#Start2026')).toBeUndefined();
  });
  it('re-typed password: required, then equal', () => {
    expect(validateRetypedPassword('Abc#1234', '')).toBe('Please re-type new password');
    expect(validateRetypedPassword('Abc#1234', 'Abc#1235')).toBe('Password should match');
    expect(validateRetypedPassword('Abc#1234', 'Abc#1234')).toBeUndefined();
  });
});

describe('field rules', () => {
  it('required: empty or whitespace only', () => {
    expect(validateRequired('Name')('')).toBe('Name Field is required');
    expect(validateRequired('Name')('  \t')).toBe('Name Field is required');
    expect(validateRequired('Name')('Bay 1')).toBeUndefined();
  });
  it('alphabetic names', () => {
    expect(validateAlphabetic('First name')('Dana')).toBeUndefined();
    expect(validateAlphabetic('First name')("O'Brien-Núñez")).toBeUndefined();
    expect(validateAlphabetic('First name')('D4na')).toBe('First name Should be alphabetic only');
  });
  it('missing required fields and the generic prompt', () => {
    expect(validateRequiredFields({ a: 'x', b: ' ' }, ['a', 'b'])).toBe('Some required field missing');
    expect(validateRequiredFields({ a: 'x', b: 0 }, ['a', 'b'])).toBeUndefined();
  });
  it('numbers: non-negative passes (the spec rule, inverted as documented)', () => {
    const check = validateNonNegativeNumber('Session fee');
    expect(check('0')).toBeUndefined();
    expect(check('12.50')).toBeUndefined();
    expect(check(3)).toBeUndefined();
    expect(check('-1')).toBe('Session fee must be a number of zero or more');
    expect(check('abc')).toBe('Session fee must be a number of zero or more');
    expect(check('')).toBe('Session fee Field is required');
  });
  it('uploads: 2 MB for documents and photos', () => {
    expect(validateDocumentSize(2 * 1024 * 1024)).toBeUndefined();
    expect(validateDocumentSize(2 * 1024 * 1024 + 1)).toBe('file size should not exceed 2 MB');
    expect(validatePhotoSize(3 * 1024 * 1024)).toBe('Photo size should not exceed 2 MB');
  });
});
